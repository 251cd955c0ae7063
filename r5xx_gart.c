// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/pci.h>
#include <linux/seq_file.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: GART
 *
 * The CP fetches the ring and the IBs, and writes the writeback page,
 * through the GTT range of the MC address space. On PCIe parts (RV380,
 * R423, RV410, RV515 and the R520 family) the rv370 PCIE GART translates
 * that range (r300.c:rv370_pcie_gart_*): a flat table of 4-byte entries,
 * one per 4 KiB GPU page, kept in VRAM at the top of the CPU-visible part
 * and written through a write-combined mapping of that part of BAR 0.
 *
 * An entry holds bus address bits 39:12 (bits 39:32 in entry bits 31:24,
 * bits 31:12 in entry bits 23:4) and the READABLE, WRITEABLE and UNSNOOPED
 * flags. All r5xx memory is cache coherent, so UNSNOOPED stays clear.
 * Unbound entries point to a dummy page without access rights, and the
 * GART discards accesses outside the range. After a table update the TLB
 * is flushed twice, a workaround for a hardware bug kept from upstream.
 *
 * AGP cards (R300, R350, RV350, R420) have the PCI GART instead, with its
 * table in system memory (r5xx_gart_pci.c). Each kind is a &struct
 * r5xx_gart_funcs that the chip row selects; the code below is shared.
 *
 * r5xx_gart_bind() and r5xx_gart_unbind() work on any GTT offset. The
 * kernel buffers (&struct r5xx_kbuf: writeback page, ring, IB pool) are
 * coherent DMA allocations bound one after the other from the start of the
 * GTT range; TTM then takes the rest of the range for buffer objects (see
 * r5xx_ttm.c) and no more kernel buffers can be added.
 */

#define R5XX_GPU_PAGE_SIZE		4096
#define R5XX_GPU_PAGE_SHIFT		12

/* rv370 PCIE GART page table entry (rv370_pcie_gart_get_page_entry) */
#define R5XX_PCIE_PTE_ADDR_HI		GENMASK(31, 24)
#define R5XX_PCIE_PTE_ADDR_LO		GENMASK(23, 4)
#define R5XX_PCIE_PTE_READABLE		BIT(3)
#define R5XX_PCIE_PTE_WRITEABLE		BIT(2)
#define R5XX_PCIE_PTE_UNSNOOPED		BIT(0)

static u32 r5xx_gart_pcie_pte(dma_addr_t addr, bool access)
{
	u64 a = addr;
	u32 pte;

	pte = FIELD_PREP(R5XX_PCIE_PTE_ADDR_HI, a >> 32) |
	      FIELD_PREP(R5XX_PCIE_PTE_ADDR_LO, a >> R5XX_GPU_PAGE_SHIFT);
	if (access)
		pte |= R5XX_PCIE_PTE_READABLE | R5XX_PCIE_PTE_WRITEABLE;
	return pte;
}

static void r5xx_gart_pcie_set_pte(struct r5xx_gart *gart, unsigned int i,
				   u32 pte)
{
	writel(pte, gart->table + i);
}

/* Flushes twice, as rv370_pcie_gart_tlb_flush does for a hardware bug. */
static void r5xx_gart_pcie_tlb_flush(struct r5xx_device *rdev)
{
	unsigned int i;
	u32 tmp;

	for (i = 0; i < 2; i++) {
		tmp = r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
		r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL,
			       tmp | R5XX_PCIE_TX_GART_CNTL_INVALIDATE_TLB);
		r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
		r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL, tmp);
	}
	/* no memory access may pass the flush (rv370_pcie_gart_tlb_flush) */
	mb();
}

/**
 * r5xx_gart_tlb_flush - invalidate what the GART caches
 * @rdev: device
 */
void r5xx_gart_tlb_flush(struct r5xx_device *rdev)
{
	rdev->gart.funcs->tlb_flush(rdev);
}

static bool r5xx_gart_has_table(struct r5xx_gart *gart)
{
	return gart->table || gart->table_ram;
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
		gart->funcs->set_pte(gart, first + i,
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
			gart->funcs->set_pte(gart, first + i, gart->dummy_pte);
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
		gart->funcs->set_pte(gart, first + i,
				     gart->funcs->pte(kbuf->dma +
						      i * R5XX_GPU_PAGE_SIZE,
						      true));
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

/* The rv370 PCIE GART keeps its table at the top of visible VRAM. */
static int r5xx_gart_pcie_table_init(struct r5xx_device *rdev)
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

static void r5xx_gart_pcie_table_fini(struct r5xx_device *rdev)
{
	iounmap(rdev->gart.table);
	rdev->gart.table = NULL;
}

/**
 * r5xx_gart_kind_funcs - the functions of a GART kind
 * @kind: &r5xx_chip_info.gart
 *
 * Return: the functions, or NULL for a kind r5xx does not support yet.
 */
const struct r5xx_gart_funcs *r5xx_gart_kind_funcs(enum r5xx_gart_kind kind)
{
	static const struct r5xx_gart_funcs *const funcs[] = {
		[R5XX_GART_PCIE] = &r5xx_gart_pcie_funcs,
		[R5XX_GART_PCI] = &r5xx_gart_pci_funcs,
	};

	if (kind >= ARRAY_SIZE(funcs))
		return NULL;
	return funcs[kind];
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
	gart->funcs = r5xx_gart_kind_funcs(rdev->info->gart);
	gart->num_pages = mc->gtt_size >> R5XX_GPU_PAGE_SHIFT;
	gart->table_size = gart->num_pages * sizeof(u32);

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
		gart->funcs->set_pte(gart, i, gart->dummy_pte);
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

/*
 * Follows rv370_pcie_gart_enable: discard accesses outside the range,
 * program the range and the table address, clear the error, enable.
 * Reads of unmapped addresses return the start of VRAM.
 */
static void r5xx_gart_pcie_enable(struct r5xx_device *rdev)
{
	struct r5xx_gart *gart = &rdev->gart;
	struct r5xx_mc *mc = &rdev->mc;
	u32 discard, tmp;

	discard = R5XX_PCIE_TX_GART_CNTL_UNMAPPED_ACCESS_DISCARD;
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL, discard);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_LO, mc->gtt_start);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_LO,
		       mc->gtt_end & ~(R5XX_GPU_PAGE_SIZE - 1));
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_BASE,
		       mc->vram_start + gart->table_offset);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_DISCARD_RD_ADDR_LO, mc->vram_start);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_DISCARD_RD_ADDR_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_ERROR, 0);
	tmp = r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL,
		       tmp | discard | R5XX_PCIE_TX_GART_CNTL_GART_EN);
}

static void r5xx_gart_pcie_disable(struct r5xx_device *rdev)
{
	u32 tmp;

	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_LO, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_LO, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_HI, 0);
	tmp = r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
	tmp |= R5XX_PCIE_TX_GART_CNTL_UNMAPPED_ACCESS_DISCARD;
	tmp &= ~R5XX_PCIE_TX_GART_CNTL_GART_EN;
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL, tmp);
}

static void r5xx_gart_pcie_show_regs(struct r5xx_device *rdev,
				     struct seq_file *m)
{
	static const struct {
		u32 reg;
		const char *name;
	} regs[] = {
		{ R5XX_PCIE_TX_GART_CNTL, "PCIE_TX_GART_CNTL" },
		{ R5XX_PCIE_TX_GART_BASE, "PCIE_TX_GART_BASE" },
		{ R5XX_PCIE_TX_GART_START_LO, "PCIE_TX_GART_START_LO" },
		{ R5XX_PCIE_TX_GART_END_LO, "PCIE_TX_GART_END_LO" },
		{ R5XX_PCIE_TX_GART_ERROR, "PCIE_TX_GART_ERROR" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(regs); i++)
		seq_printf(m, "%-24s PCIE 0x%02x: 0x%08x\n", regs[i].name,
			   regs[i].reg, r5xx_pcie_rreg(rdev, regs[i].reg));
}

const struct r5xx_gart_funcs r5xx_gart_pcie_funcs = {
	.dma_bits = 40,
	.table_in_vram = true,
	.table_init = r5xx_gart_pcie_table_init,
	.table_fini = r5xx_gart_pcie_table_fini,
	.pte = r5xx_gart_pcie_pte,
	.set_pte = r5xx_gart_pcie_set_pte,
	.enable = r5xx_gart_pcie_enable,
	.disable = r5xx_gart_pcie_disable,
	.tlb_flush = r5xx_gart_pcie_tlb_flush,
	.show_regs = r5xx_gart_pcie_show_regs,
};

/**
 * r5xx_gart_enable - program and enable the GART
 * @rdev: device
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
