// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>
#include <linux/pci.h>

#ifdef CONFIG_X86
#include <asm/set_memory.h>
#endif

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: GART
 *
 * The CP fetches the ring and the IBs, and writes the writeback page,
 * through the GTT range of the MC address space, which a GART translates.
 * The kind of GART is data in the chip row (&r5xx_chip_info.gart), and
 * each kind is a const &struct r5xx_gart_funcs in a file of its own: the
 * rv370 PCIE GART, table in VRAM (r5xx_gart_pcie.c), the RS400/RS480 IGP
 * GART (r5xx_gart_igp.c) and the legacy PCI GART of the AGP cards
 * (r5xx_gart_pci.c), both with their table in system memory, and the RS600
 * page tables, table in VRAM (r5xx_gart_rs600.c). This file holds what
 * they share: picking the kind, the table (in VRAM or in system memory)
 * and its dummy page, binding and unbinding, the kernel buffers.
 *
 * Every kind's table is a flat array of entries, one per 4 KiB GPU page:
 * 32-bit ones, or 64-bit ones on the RS600 (&r5xx_gart_funcs.pte_size).
 * All r5xx memory is cache coherent, so entries that have an UNSNOOPED
 * flag leave it clear (and the RS600's SNOOPED flag is set). Unbound
 * entries point to a dummy page, without access rights where the kind has
 * them.
 *
 * r5xx_gart_bind() and r5xx_gart_unbind() work on any GTT offset. The
 * kernel buffers (&struct r5xx_kbuf: writeback page, ring, IB pool) are
 * coherent DMA allocations bound one after the other from the start of the
 * GTT range; TTM then takes the rest of the range for buffer objects (see
 * r5xx_ttm.c) and no more kernel buffers can be added.
 */

#define R5XX_GPU_PAGE_SHIFT		12

/**
 * r5xx_gart_kind_funcs - the functions of a chip row's GART kind
 * @info: chip row
 *
 * Return: the functions, or NULL for a GART r5xx does not drive: the IGP
 * GART behind an MC r5xx_gart_igp_supported() does not know.
 */
const struct r5xx_gart_funcs *
r5xx_gart_kind_funcs(const struct r5xx_chip_info *info)
{
	static const struct r5xx_gart_funcs *const funcs[] = {
		[R5XX_GART_PCIE] = &r5xx_gart_pcie_funcs,
		[R5XX_GART_PCI] = &r5xx_gart_pci_funcs,
		[R5XX_GART_IGP] = &r5xx_gart_igp_funcs,
		[R5XX_GART_RS600] = &r5xx_gart_rs600_funcs,
	};

	if (info->gart >= ARRAY_SIZE(funcs))
		return NULL;
	if (info->gart == R5XX_GART_IGP && !r5xx_gart_igp_supported(info))
		return NULL;
	return funcs[info->gart];
}

static bool r5xx_gart_has_table(struct r5xx_gart *gart)
{
	return gart->table || gart->ram_table;
}

static void r5xx_gart_set(struct r5xx_gart *gart, unsigned int i, u64 pte)
{
	if (gart->ram_table)
		WRITE_ONCE(gart->ram_table[i], cpu_to_le32(pte));
	else if (gart->funcs->pte_size == sizeof(u64))
		/* low half first; the TLB flush after the update orders both */
		lo_hi_writeq(pte, (u64 __iomem *)gart->table + i);
	else
		writel(pte, gart->table + i);
}

/**
 * r5xx_gart_tlb_flush - invalidate what the GART caches
 * @rdev: device
 */
void r5xx_gart_tlb_flush(struct r5xx_device *rdev)
{
	rdev->gart.funcs->tlb_flush(rdev);
}

static int r5xx_gart_check_range(struct r5xx_device *rdev, u64 offset,
				 unsigned int npages)
{
	if (offset & (R5XX_GPU_PAGE_SIZE - 1))
		return -EINVAL;
	offset >>= R5XX_GPU_PAGE_SHIFT;
	if (offset > rdev->gart.num_pages ||
	    npages > rdev->gart.num_pages - offset)
		return -EINVAL;
	return 0;
}

static void r5xx_gart_commit(struct r5xx_device *rdev)
{
	lockdep_assert_held(&rdev->gart.lock);

	/* order the table writes before the flush */
	wmb();
	if (rdev->gart.enabled)
		r5xx_gart_tlb_flush(rdev);
}

/**
 * r5xx_gart_bind - map system pages into the GTT range
 * @rdev: device
 * @offset: byte offset in the GTT range, GPU-page aligned
 * @npages: number of 4 KiB GPU pages
 * @dma_addrs: bus address of each GPU page
 *
 * Return: 0, -EINVAL if the range does not fit, or -ENODEV after
 * r5xx_gart_fini().
 */
int r5xx_gart_bind(struct r5xx_device *rdev, u64 offset, unsigned int npages,
		   const dma_addr_t *dma_addrs)
{
	struct r5xx_gart *gart = &rdev->gart;
	unsigned int i, first;
	int ret;

	ret = r5xx_gart_check_range(rdev, offset, npages);
	if (ret)
		return ret;
	first = offset >> R5XX_GPU_PAGE_SHIFT;

	mutex_lock(&gart->lock);
	if (!r5xx_gart_has_table(gart)) {
		mutex_unlock(&gart->lock);
		return -ENODEV;
	}
	for (i = 0; i < npages; i++)
		r5xx_gart_set(gart, first + i,
			      gart->funcs->pte(dma_addrs[i], true));
	r5xx_gart_commit(rdev);
	mutex_unlock(&gart->lock);
	return 0;
}

/**
 * r5xx_gart_unbind - point a GTT range back at the dummy page
 * @rdev: device
 * @offset: byte offset in the GTT range, GPU-page aligned
 * @npages: number of 4 KiB GPU pages
 */
void r5xx_gart_unbind(struct r5xx_device *rdev, u64 offset,
		      unsigned int npages)
{
	struct r5xx_gart *gart = &rdev->gart;
	unsigned int i, first;

	if (WARN_ON(r5xx_gart_check_range(rdev, offset, npages)))
		return;
	first = offset >> R5XX_GPU_PAGE_SHIFT;

	mutex_lock(&gart->lock);
	/* gone when a buffer pinned at an unplug is let go (r5xx_gart_fini()) */
	if (r5xx_gart_has_table(gart)) {
		for (i = 0; i < npages; i++)
			r5xx_gart_set(gart, first + i, gart->dummy_pte);
		r5xx_gart_commit(rdev);
	}
	mutex_unlock(&gart->lock);
}

/**
 * r5xx_kbuf_init - allocate a kernel buffer and map it through the GART
 * @rdev: device
 * @kbuf: buffer to fill in
 * @size: size in bytes, rounded up to the GPU page size
 *
 * The memory is zeroed, coherent, and bound at the next free offset at the
 * start of the GTT range.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_kbuf_init(struct r5xx_device *rdev, struct r5xx_kbuf *kbuf,
		   size_t size)
{
	struct r5xx_gart *gart = &rdev->gart;
	unsigned int i, npages, first;
	u64 offset;

	size = ALIGN(size, R5XX_GPU_PAGE_SIZE);
	npages = size >> R5XX_GPU_PAGE_SHIFT;

	kbuf->cpu = dma_alloc_coherent(rdev->drm.dev, size, &kbuf->dma,
				       GFP_KERNEL);
	if (!kbuf->cpu)
		return -ENOMEM;
	kbuf->size = size;

	mutex_lock(&gart->lock);
	offset = gart->kernel_top;
	if (gart->frozen || r5xx_gart_check_range(rdev, offset, npages)) {
		mutex_unlock(&gart->lock);
		dma_free_coherent(rdev->drm.dev, size, kbuf->cpu, kbuf->dma);
		kbuf->cpu = NULL;
		return -ENOSPC;
	}
	first = offset >> R5XX_GPU_PAGE_SHIFT;
	for (i = 0; i < npages; i++)
		r5xx_gart_set(gart, first + i,
			      gart->funcs->pte(kbuf->dma +
					       i * R5XX_GPU_PAGE_SIZE, true));
	gart->kernel_top += size;
	r5xx_gart_commit(rdev);
	mutex_unlock(&gart->lock);

	kbuf->gpu_addr = rdev->mc.gtt_start + offset;
	return 0;
}

/**
 * r5xx_kbuf_fini - unmap and free a kernel buffer
 * @rdev: device
 * @kbuf: buffer from r5xx_kbuf_init(); may be unallocated
 *
 * Buffers are freed in the reverse order of their allocation, which gives
 * their GTT space back.
 */
void r5xx_kbuf_fini(struct r5xx_device *rdev, struct r5xx_kbuf *kbuf)
{
	struct r5xx_gart *gart = &rdev->gart;
	u64 offset;

	if (!kbuf->cpu)
		return;

	offset = kbuf->gpu_addr - rdev->mc.gtt_start;
	r5xx_gart_unbind(rdev, offset, kbuf->size >> R5XX_GPU_PAGE_SHIFT);
	mutex_lock(&gart->lock);
	if (offset + kbuf->size == gart->kernel_top)
		gart->kernel_top = offset;
	mutex_unlock(&gart->lock);

	dma_free_coherent(rdev->drm.dev, kbuf->size, kbuf->cpu, kbuf->dma);
	kbuf->cpu = NULL;
}

/**
 * r5xx_gart_ram_table_alloc - allocate a table in system memory
 * @rdev: device, &r5xx_gart.table_size set
 * @uncached: make the table uncached, for a walker that does not snoop
 *	the CPU caches (radeon_gart_table_ram_alloc does so for the IGPs)
 *
 * Return: 0 or -ENOMEM.
 */
int r5xx_gart_ram_table_alloc(struct r5xx_device *rdev, bool uncached)
{
	struct r5xx_gart *gart = &rdev->gart;

	gart->ram_table = dma_alloc_coherent(rdev->drm.dev, gart->table_size,
					     &gart->ram_table_dma, GFP_KERNEL);
	if (!gart->ram_table)
		return -ENOMEM;
#ifdef CONFIG_X86
	if (uncached)
		set_memory_uc((unsigned long)gart->ram_table,
			      PFN_UP(gart->table_size));
#endif
	return 0;
}

/**
 * r5xx_gart_ram_table_free - free a table from r5xx_gart_ram_table_alloc()
 * @rdev: device
 * @uncached: as given to r5xx_gart_ram_table_alloc()
 */
void r5xx_gart_ram_table_free(struct r5xx_device *rdev, bool uncached)
{
	struct r5xx_gart *gart = &rdev->gart;

	if (!gart->ram_table)
		return;
#ifdef CONFIG_X86
	if (uncached)
		set_memory_wb((unsigned long)gart->ram_table,
			      PFN_UP(gart->table_size));
#endif
	dma_free_coherent(rdev->drm.dev, gart->table_size, gart->ram_table,
			  gart->ram_table_dma);
	gart->ram_table = NULL;
}

/**
 * r5xx_gart_vram_table_init - put the table at the top of visible VRAM
 * @rdev: device, &r5xx_gart.table_size set
 *
 * The table is written through a write-combined mapping of that part of
 * BAR 0 (the PCIE and RS600 GARTs); r5xx_ttm.c keeps buffers out of it.
 *
 * Return: 0, -ENOSPC or -ENOMEM.
 */
int r5xx_gart_vram_table_init(struct r5xx_device *rdev)
{
	struct r5xx_gart *gart = &rdev->gart;
	struct r5xx_mc *mc = &rdev->mc;

	if (gart->table_size > mc->visible_vram_size) {
		drm_err(&rdev->drm, "no room for the GART table in VRAM\n");
		return -ENOSPC;
	}
	gart->table_offset = ALIGN_DOWN(mc->visible_vram_size -
					gart->table_size, R5XX_GPU_PAGE_SIZE);
	gart->table = ioremap_wc(mc->aper_base + gart->table_offset,
				 gart->table_size);
	if (!gart->table) {
		drm_err(&rdev->drm, "cannot map the GART table\n");
		return -ENOMEM;
	}
	return 0;
}

/**
 * r5xx_gart_vram_table_fini - undo r5xx_gart_vram_table_init()
 * @rdev: device
 */
void r5xx_gart_vram_table_fini(struct r5xx_device *rdev)
{
	iounmap(rdev->gart.table);
	rdev->gart.table = NULL;
}

/**
 * r5xx_gart_init - set up the GART page table
 * @rdev: device
 *
 * Allocates the dummy page and the table (the GART kind decides where)
 * and points every entry at the dummy page. The table is not enabled yet.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_gart_init(struct r5xx_device *rdev)
{
	struct r5xx_gart *gart = &rdev->gart;
	struct r5xx_mc *mc = &rdev->mc;
	unsigned int i;
	int ret;

	/* buffers of files kept open after an unplug still take it */
	ret = drmm_mutex_init(&rdev->drm, &gart->lock);
	if (ret)
		return ret;
	gart->num_pages = mc->gtt_size >> R5XX_GPU_PAGE_SHIFT;
	gart->table_size = gart->num_pages * gart->funcs->pte_size;

	gart->dummy.size = R5XX_GPU_PAGE_SIZE;
	gart->dummy.cpu = dma_alloc_coherent(rdev->drm.dev, gart->dummy.size,
					     &gart->dummy.dma, GFP_KERNEL);
	if (!gart->dummy.cpu)
		return -ENOMEM;
	gart->dummy_pte = gart->funcs->pte(gart->dummy.dma, false);

	ret = gart->funcs->table_init(rdev);
	if (ret) {
		dma_free_coherent(rdev->drm.dev, gart->dummy.size,
				  gart->dummy.cpu, gart->dummy.dma);
		return ret;
	}

	mutex_lock(&gart->lock);
	for (i = 0; i < gart->num_pages; i++)
		r5xx_gart_set(gart, i, gart->dummy_pte);
	gart->kernel_top = 0;
	r5xx_gart_commit(rdev);
	mutex_unlock(&gart->lock);
	return 0;
}

/**
 * r5xx_gart_fini - undo r5xx_gart_init()
 * @rdev: device
 *
 * The GART must be disabled and every kernel buffer freed. Buffer objects
 * may still be bound: one pinned for another device at an unplug is
 * unbound when that device lets go of it, and the table is gone by then.
 */
void r5xx_gart_fini(struct r5xx_device *rdev)
{
	struct r5xx_gart *gart = &rdev->gart;

	WARN_ON(gart->enabled);
	WARN_ON(gart->kernel_top);
	mutex_lock(&gart->lock);
	gart->funcs->table_fini(rdev);
	mutex_unlock(&gart->lock);
	dma_free_coherent(rdev->drm.dev, gart->dummy.size, gart->dummy.cpu,
			  gart->dummy.dma);
}

/**
 * r5xx_gart_enable - program and enable the GART
 * @rdev: device
 *
 * Programs the GART of the chip row's kind, then flushes its TLB.
 */
void r5xx_gart_enable(struct r5xx_device *rdev)
{
	struct r5xx_gart *gart = &rdev->gart;

	gart->funcs->enable(rdev);

	mutex_lock(&gart->lock);
	gart->enabled = true;
	r5xx_gart_tlb_flush(rdev);
	mutex_unlock(&gart->lock);
}

/**
 * r5xx_gart_disable - turn GART translation off
 * @rdev: device
 */
void r5xx_gart_disable(struct r5xx_device *rdev)
{
	struct r5xx_gart *gart = &rdev->gart;

	mutex_lock(&gart->lock);
	gart->enabled = false;
	mutex_unlock(&gart->lock);

	gart->funcs->disable(rdev);
}
