/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_DRV_H__
#define __R5XX_DRV_H__

#include <linux/atomic.h>
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/dma-fence.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/mmu_notifier.h>
#include <linux/mod_devicetable.h>
#include <linux/mutex.h>
#include <linux/scatterlist.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#include <drm/drm_device.h>
#include <drm/drm_gem.h>
#include <drm/gpu_scheduler.h>
#include <drm/ttm/ttm_bo_api.h>
#include <drm/ttm/ttm_device.h>
#include <drm/ttm/ttm_placement.h>

#include "r5xx_pm4.h"
#include "r5xx_regs.h"

struct drm_file;
struct r5xx_bo;
struct drm_minor;
struct drm_mode_create_dumb;
struct vm_area_struct;
struct firmware;
struct pci_dev;
struct dma_buf_attachment;
struct dma_resv;
struct sg_table;
struct ttm_tt;
struct dma_buf;

/**
 * DOC: overview
 *
 * r5xx drives the command processor (CP) of ATI/AMD Radeon R300 to R580
 * GPUs. The driver is split by noun, one file per concern:
 *
 * - r5xx_drv.c: PCI probe and remove, &drm_driver, module parameters;
 * - r5xx_device.c: ordered bring-up and teardown of the hardware, hardware
 *   start and stop, and the soft reset primitive;
 * - r5xx_chip.c: the PCI ID table and one &struct r5xx_chip_info row per
 *   family (chip differences are data, not function pointers);
 * - r5xx_mmio.c: indirect register spaces (MM, PLL, PCIE, MC) and idle waits;
 * - r5xx_mc.c: VRAM size and the placement of VRAM and GTT in the MC space;
 * - r5xx_gart.c: the rv370 PCIE GART and the kernel's GART-mapped buffers;
 * - r5xx_ttm.c: TTM, buffer objects, their placement and CPU mappings;
 * - r5xx_surface.c: the SURFACE registers (tiled/swapped CPU access);
 * - r5xx_gem.c: the GEM ioctls, dumb buffers and PRIME;
 * - r5xx_info.c: the INFO ioctl;
 * - r5xx_cp.c: CP microcode, start, stop and the CP ring registers;
 * - r5xx_ring.c: the ring buffer protocol, writeback and the ring self-test;
 * - r5xx_ib.c: the indirect buffer pool, IB execution and the IB self-test;
 * - r5xx_fence.c: hardware fences signalled from the interrupt handler;
 * - r5xx_sched.c: the DRM GPU scheduler backend, hang detection and
 *   recovery after a hang;
 * - r5xx_irq.c: MSI/INTx setup and the interrupt handler;
 * - r5xx_debugfs.c: state dumps and self-test triggers.
 *
 * Probe brings the device up in this order, and remove undoes it in reverse:
 * chip identification (unsupported GARTs are declined here), CP microcode
 * (request_firmware(), before the firmware framebuffer is removed, so that
 * a missing file leaves the console alone), removal of the firmware
 * framebuffer, then r5xx_device_init(): PCI enable and BAR 2, MC, GART,
 * writeback page and ring, IB pool, fences, interrupts, hardware start
 * (clocks, pipes, GART enable, microcode load, CP start, ring start and
 * ring test), IB test, TTM, scheduler; and finally drm_dev_register().
 */

/**
 * DOC: locking
 *
 * Locks, outermost first:
 *
 * - &r5xx_device.reset_lock serialises GPU recovery against the debugfs
 *   self-tests, which use the ring directly;
 * - &r5xx_ring.lock serialises every writer of the ring (scheduler run_job,
 *   self-tests, ring start);
 * - &r5xx_gart.lock serialises GART table updates and TLB flushes;
 * - &r5xx_fence_driver.lock protects the list of emitted fences and is the
 *   &dma_fence lock of every hardware fence; it is taken in the interrupt
 *   handler;
 * - &r5xx_irq.lock protects the cached interrupt enables;
 * - the index/data spinlocks of r5xx_mmio.c are innermost.
 *
 * Fences are created under &r5xx_ring.lock so that sequence numbers are
 * emitted to the ring in the order they are allocated.
 *
 * The user's mmap lock comes before any buffer reservation: command
 * submission and GEM_USERPTR take it around the validation that pins user
 * pages, and the MMU notifier of a user-pointer buffer, called with it
 * held, reserves the buffer (r5xx_userptr.c).
 */

/**
 * enum r5xx_family - GPU family, in upstream radeon's order
 * @R5XX_FAMILY_R300: R300 (Radeon 9500/9700)
 * @R5XX_FAMILY_R350: R350/R360 (Radeon 9800)
 * @R5XX_FAMILY_RV350: RV350/RV360 (Radeon 9600)
 * @R5XX_FAMILY_RV380: RV370/RV380 (Radeon X300/X600)
 * @R5XX_FAMILY_R420: R420 (Radeon X800, AGP)
 * @R5XX_FAMILY_R423: R423/R430/R480 (Radeon X800/X850, PCIe)
 * @R5XX_FAMILY_RV410: RV410 (Radeon X700)
 * @R5XX_FAMILY_RS400: RS400 IGP (Radeon Xpress 200, Intel)
 * @R5XX_FAMILY_RS480: RS480/RS482 IGP (Radeon Xpress 200, AMD)
 * @R5XX_FAMILY_RS600: RS600 IGP (Radeon Xpress 1250, Intel)
 * @R5XX_FAMILY_RS690: RS690 IGP (Radeon X1200)
 * @R5XX_FAMILY_RS740: RS740 IGP (Radeon 2100)
 * @R5XX_FAMILY_RV515: RV505/RV515/RV516 (Radeon X1300/X1550)
 * @R5XX_FAMILY_R520: R520 (Radeon X1800)
 * @R5XX_FAMILY_RV530: RV530/RV535 (Radeon X1600/X1650)
 * @R5XX_FAMILY_RV560: RV560 (Radeon X1650 GT)
 * @R5XX_FAMILY_RV570: RV570 (Radeon X1950 GT/Pro)
 * @R5XX_FAMILY_R580: R580 (Radeon X1900/X1950)
 * @R5XX_FAMILY_COUNT: number of families
 *
 * The order matters: code compares families with < and >=.
 */
enum r5xx_family {
	R5XX_FAMILY_R300,
	R5XX_FAMILY_R350,
	R5XX_FAMILY_RV350,
	R5XX_FAMILY_RV380,
	R5XX_FAMILY_R420,
	R5XX_FAMILY_R423,
	R5XX_FAMILY_RV410,
	R5XX_FAMILY_RS400,
	R5XX_FAMILY_RS480,
	R5XX_FAMILY_RS600,
	R5XX_FAMILY_RS690,
	R5XX_FAMILY_RS740,
	R5XX_FAMILY_RV515,
	R5XX_FAMILY_R520,
	R5XX_FAMILY_RV530,
	R5XX_FAMILY_RV560,
	R5XX_FAMILY_RV570,
	R5XX_FAMILY_R580,
	R5XX_FAMILY_COUNT
};

/* &pci_device_id.driver_data: the family and per-board flags */
#define R5XX_ID_FAMILY		GENMASK(15, 0)
#define R5XX_ID_MOBILITY	BIT(16)
#define R5XX_ID_ONE_PIPE	BIT(17)

/**
 * enum r5xx_gart_kind - how the GPU translates GTT addresses
 * @R5XX_GART_PCIE: rv370 PCIE GART, table of 4-byte entries in VRAM
 * @R5XX_GART_PCI: legacy PCI GART (AIC), not implemented
 * @R5XX_GART_IGP: RS400/RS480/RS690/RS740 IGP GART, not implemented
 * @R5XX_GART_RS600: RS600 page table unit, not implemented
 */
enum r5xx_gart_kind {
	R5XX_GART_PCIE,
	R5XX_GART_PCI,
	R5XX_GART_IGP,
	R5XX_GART_RS600,
};

/**
 * enum r5xx_mc_kind - memory controller register interface
 * @R5XX_MC_R300: MC_FB_LOCATION in MMIO, no MC indirect space
 * @R5XX_MC_R420: as R300, plus the MC indirect space at R420_MC_IND_INDEX
 * @R5XX_MC_RS400: RS400/RS480 north-bridge MC
 * @R5XX_MC_RV515: RV515 MC through MC_IND_INDEX
 * @R5XX_MC_R520: R520 family MC through MC_IND_INDEX, R520 layout
 * @R5XX_MC_RS600: RS600 MC
 * @R5XX_MC_RS690: RS690/RS740 MC
 */
enum r5xx_mc_kind {
	R5XX_MC_R300,
	R5XX_MC_R420,
	R5XX_MC_RS400,
	R5XX_MC_RV515,
	R5XX_MC_R520,
	R5XX_MC_RS600,
	R5XX_MC_RS690,
};

/**
 * enum r5xx_irq_kind - interrupt controller
 * @R5XX_IRQ_R100: GEN_INT_CNTL/STATUS with legacy display sources
 * @R5XX_IRQ_RS600: GEN_INT_CNTL/STATUS plus the AVIVO display block
 */
enum r5xx_irq_kind {
	R5XX_IRQ_R100,
	R5XX_IRQ_RS600,
};

/**
 * enum r5xx_clk_kind - engine clock forcing done before the CP starts
 * @R5XX_CLK_R300: r300_clock_startup: SCLK_CNTL FORCE_CP/VIP
 * @R5XX_CLK_R420: r420_clock_resume: SCLK_CNTL FORCE_CP/VIP
 * @R5XX_CLK_RV515: rv515_clock_startup: CP/E2/IDCT_DYN_CNTL FORCEON
 */
enum r5xx_clk_kind {
	R5XX_CLK_R300,
	R5XX_CLK_R420,
	R5XX_CLK_RV515,
};

/* &r5xx_chip_info.quirks */
#define R5XX_QUIRK_MSI		BIT(0)	/* MSI works (RV380+, not RV515) */
#define R5XX_QUIRK_CP_RESYNC	BIT(1)	/* R420 family CP resync errata */
#define R5XX_QUIRK_FORCE_VAP	BIT(2)	/* RV350/RV380: also force VAP clock */
#define R5XX_QUIRK_FORCE_PX_TX	BIT(3)	/* R420: also force PX and TX clocks */
#define R5XX_QUIRK_AVIVO	BIT(4)	/* AVIVO display block (D1/D2) */
#define R5XX_QUIRK_RV515_RING	BIT(5)	/* rv515_ring_start packets */
#define R5XX_QUIRK_RESET_MC	BIT(6)	/* rs600_asic_reset: also reset MC */

/**
 * struct r5xx_chip_info - what one family needs, as data
 * @name: family name, e.g. "RV380"
 * @group: generation, e.g. "R3xx"
 * @firmware: CP microcode file under /lib/firmware
 * @gart: GART kind; only %R5XX_GART_PCIE is implemented
 * @mc: memory controller kind
 * @irq: interrupt controller kind
 * @clocks: clock forcing at start-up
 * @pipes: fixed number of quad pipes, or 0 to read GB_PIPE_SELECT
 * @pcie_index_mask: width of the PCIE_INDEX index (0xff, 0x7ff from RV515)
 * @quirks: %R5XX_QUIRK_* bits
 */
struct r5xx_chip_info {
	const char *name;
	const char *group;
	const char *firmware;
	enum r5xx_gart_kind gart;
	enum r5xx_mc_kind mc;
	enum r5xx_irq_kind irq;
	enum r5xx_clk_kind clocks;
	u8 pipes;
	u16 pcie_index_mask;
	u32 quirks;
};

/**
 * struct r5xx_config - module parameters, copied at probe
 * @msi: 1 use MSI, 0 never, -1 per family
 * @writeback: use rptr and scratch writeback to system memory
 * @lockup_timeout_ms: scheduler timeout before the hang check runs
 */
struct r5xx_config {
	int msi;
	bool writeback;
	unsigned int lockup_timeout_ms;
};

/**
 * struct r5xx_kbuf - kernel buffer in system memory, mapped through the GART
 * @cpu: CPU address (coherent)
 * @dma: bus address
 * @size: size in bytes, a multiple of the GPU page size
 * @gpu_addr: MC address through the GART
 */
struct r5xx_kbuf {
	void *cpu;
	dma_addr_t dma;
	size_t size;
	u64 gpu_addr;
};

/**
 * struct r5xx_mc - memory controller view of VRAM and GTT
 * @aper_base: bus address of BAR 0 (the VRAM aperture)
 * @aper_size: length of BAR 0
 * @visible_vram_size: VRAM the CPU can reach through BAR 0
 * @real_vram_size: VRAM on the board (CONFIG_MEMSIZE)
 * @mc_vram_size: VRAM range claimed in the MC address space
 * @vram_start: MC address of VRAM
 * @vram_end: last MC address of VRAM
 * @gtt_size: size of the GTT range
 * @gtt_start: MC address of the GTT range
 * @gtt_end: last MC address of the GTT range
 * @vram_width: memory bus width in bits
 * @hdp_cntl: HOST_PATH_CNTL value re-emitted by every fence
 */
struct r5xx_mc {
	resource_size_t aper_base;
	resource_size_t aper_size;
	u64 visible_vram_size;
	u64 real_vram_size;
	u64 mc_vram_size;
	u64 vram_start;
	u64 vram_end;
	u64 gtt_size;
	u64 gtt_start;
	u64 gtt_end;
	u32 vram_width;
	u32 hdp_cntl;
};

/**
 * struct r5xx_gart - rv370 PCIE GART
 * @table: CPU mapping of the page table (in VRAM, through BAR 0)
 * @table_offset: VRAM offset of the table
 * @table_size: size of the table in bytes
 * @num_pages: GPU pages in the GTT range
 * @dummy: page every unbound entry points to
 * @dummy_pte: page table entry of @dummy
 * @kernel_top: GTT offset past the last kernel buffer (bump allocator)
 * @lock: protects table writes, TLB flushes and @kernel_top
 * @enabled: translation is on
 * @frozen: TTM owns the GTT range past @kernel_top; no more kernel buffers
 */
struct r5xx_gart {
	u32 __iomem *table;
	u64 table_offset;
	u32 table_size;
	unsigned int num_pages;
	struct r5xx_kbuf dummy;
	u32 dummy_pte;
	u64 kernel_top;
	/* protects the table, TLB flushes and @kernel_top */
	struct mutex lock;
	bool enabled;
	bool frozen;
};

/**
 * struct r5xx_mm - TTM memory management
 * @bdev: TTM device
 * @gtt_reserved: bytes at the start of the GTT range kept for the kernel
 *	buffers; the GTT manager's offset 0 is this GTT offset
 * @vram_pin_size: pinned VRAM in bytes
 * @gart_pin_size: pinned GTT in bytes, besides @gtt_reserved
 * @bytes_moved: bytes copied by buffer moves
 * @gart_table_bo: pinned buffer object over the GART table in VRAM
 * @surface_lock: protects @surfaces and every &r5xx_bo.surface_reg
 * @surfaces: owner of each surface register, or NULL
 * @hyperz_filp: file owning Hyper-Z (INFO WANT_HYPERZ)
 * @cmask_filp: file owning CMASK (INFO WANT_CMASK)
 * @ready: TTM is initialised
 */
struct r5xx_mm {
	struct ttm_device bdev;
	u64 gtt_reserved;
	u64 vram_pin_size;
	u64 gart_pin_size;
	atomic64_t bytes_moved;
	struct r5xx_bo *gart_table_bo;
	/* protects @surfaces, &r5xx_bo.surface_reg, @hyperz_filp, @cmask_filp */
	struct mutex surface_lock;
	struct r5xx_bo *surfaces[R5XX_SURFACE_INFO_COUNT];
	struct drm_file *hyperz_filp;
	struct drm_file *cmask_filp;
	bool ready;
};

/**
 * struct r5xx_bo - buffer object
 * @tbo: TTM buffer object, with the GEM object embedded
 * @placement: placement of the last validation
 * @places: storage of @placement
 * @initial_domain: domain given at creation (GEM_OP)
 * @flags: %RADEON_GEM_* creation flags
 * @tiling_flags: %RADEON_TILING_* flags, stored verbatim (reservation)
 * @pitch: pitch in bytes, stored verbatim (reservation)
 * @surface_reg: surface register in use, or -1 (&r5xx_mm.surface_lock)
 * @prime_shared_count: pins by other devices' dma-buf attachments, or 1 for
 *	an imported buffer (reservation); such a buffer stays out of VRAM
 * @userptr: a GEM_USERPTR buffer over user memory, set once at creation;
 *	it lives in GTT or system memory only (r5xx_userptr.c)
 * @notifier: follows the user range of a GEM_USERPTR buffer created with
 *	%RADEON_GEM_USERPTR_REGISTER; &mmu_interval_notifier.mm is NULL when
 *	not registered
 */
struct r5xx_bo {
	struct ttm_buffer_object tbo;
	struct ttm_placement placement;
	struct ttm_place places[4];
	u32 initial_domain;
	u32 flags;
	u32 tiling_flags;
	u32 pitch;
	int surface_reg;
	unsigned int prime_shared_count;
	bool userptr;
	struct mmu_interval_notifier notifier;
};

/**
 * struct r5xx_userptr - the user memory behind a GEM_USERPTR buffer
 * @addr: user address of the first page
 * @mm: the address space @addr belongs to; only compared, never
 *	dereferenced (the notifier keeps it alive)
 * @flags: %RADEON_GEM_USERPTR_* flags of the request
 * @sgt: the pinned pages, DMA-mapped, while @pinned
 * @pinned: the pages are pinned into &ttm_tt.pages and mapped into
 *	&ttm_tt.dma_address
 *
 * Part of the buffer's &ttm_tt; changed only with the buffer reserved.
 */
struct r5xx_userptr {
	unsigned long addr;
	struct mm_struct *mm;
	u32 flags;
	struct sg_table sgt;
	bool pinned;
};

static inline struct r5xx_bo *to_r5xx_bo(struct drm_gem_object *obj)
{
	return container_of(obj, struct r5xx_bo, tbo.base);
}

/**
 * enum r5xx_scratch_reg - fixed use of the eight CP scratch registers
 * @R5XX_SCRATCH_FENCE: fence sequence number
 * @R5XX_SCRATCH_RING_TEST: ring self-test
 * @R5XX_SCRATCH_IB_TEST: IB self-test
 * @R5XX_SCRATCH_RESYNC: R420 CP resync target
 * @R5XX_SCRATCH_JOB: written by the debugfs fence-test jobs
 */
enum r5xx_scratch_reg {
	R5XX_SCRATCH_FENCE = 0,
	R5XX_SCRATCH_RING_TEST = 1,
	R5XX_SCRATCH_IB_TEST = 2,
	R5XX_SCRATCH_RESYNC = 3,
	R5XX_SCRATCH_JOB = 4,
};

/* Writeback page layout, as upstream radeon (radeon.h:RADEON_WB_*) */
#define R5XX_WB_SCRATCH_OFFSET	0
#define R5XX_WB_RPTR_OFFSET	1024

/**
 * struct r5xx_ring - the CP primary ring
 * @buf: ring memory
 * @wb: writeback page (scratch copies and the read pointer)
 * @size_dw: ring size in dwords, a power of two
 * @ptr_mask: @size_dw - 1
 * @rb_bufsz: CP_RB_CNTL.RB_BUFSZ, log2(size in quadwords)
 * @wptr: write pointer, in dwords, as committed or being built
 * @wptr_old: @wptr when the current reservation started
 * @count_dw: dwords left in the current reservation
 * @lock: serialises writers; protects everything above from @wptr on
 * @ready: the CP runs and passed its ring test
 * @wb_enabled: read pointer and scratch registers come from @wb
 * @test_result: result of the last ring test
 */
struct r5xx_ring {
	struct r5xx_kbuf buf;
	struct r5xx_kbuf wb;
	u32 size_dw;
	u32 ptr_mask;
	u32 rb_bufsz;
	u32 wptr;
	u32 wptr_old;
	u32 count_dw;
	/* serialises ring writers; protects @wptr, @wptr_old, @count_dw */
	struct mutex lock;
	bool ready;
	bool wb_enabled;
	int test_result;
};

/**
 * struct r5xx_ib - one indirect buffer, sub-allocated from the IB pool
 * @ptr: CPU address
 * @gpu_addr: MC address
 * @length_dw: dwords written so far
 * @size_dw: dwords allocated
 * @first: first pool chunk
 * @chunks: number of pool chunks
 */
struct r5xx_ib {
	u32 *ptr;
	u64 gpu_addr;
	u32 length_dw;
	u32 size_dw;
	unsigned int first;
	unsigned int chunks;
};

/**
 * struct r5xx_ib_pool - sub-allocator for indirect buffers
 * @buf: GART-mapped pool memory
 * @used: one bit per chunk in use
 * @nchunks: number of chunks
 * @lock: protects @used
 * @wait: woken when chunks are freed
 * @test_result: result of the last IB test
 */
struct r5xx_ib_pool {
	struct r5xx_kbuf buf;
	unsigned long *used;
	unsigned int nchunks;
	/* protects @used */
	spinlock_t lock;
	wait_queue_head_t wait;
	int test_result;
};

/**
 * struct r5xx_fence_driver - hardware fence bookkeeping
 * @lock: protects @pending and the counters, and serialises the updates
 *	of @emitted_seq and @signalled_seq (read without it); it is also the
 *	lock of every hardware fence
 * @pending: emitted fences not yet signalled, oldest first
 * @context: dma_fence context of the ring
 * @emitted_seq: last sequence number emitted to the ring
 * @signalled_seq: last sequence number seen completed
 * @by_irq: fences signalled from the interrupt handler
 * @by_poll: fences signalled by polling (hang check, ->signaled)
 * @forced: fences completed with an error by a reset
 */
struct r5xx_fence_driver {
	/* protects the fields below; the lock of every hardware fence */
	spinlock_t lock;
	struct list_head pending;
	u64 context;
	atomic64_t emitted_seq;
	atomic64_t signalled_seq;
	u64 by_irq;
	u64 by_poll;
	u64 forced;
};

/**
 * struct r5xx_fence - hardware fence: a sequence number on the CP ring
 * @base: the &dma_fence
 * @rdev: device
 * @link: entry in &r5xx_fence_driver.pending
 */
struct r5xx_fence {
	struct dma_fence base;
	struct r5xx_device *rdev;
	struct list_head link;
};

/**
 * struct r5xx_irq - interrupt state
 * @irq: Linux interrupt number
 * @msi: MSI is in use (so every interrupt must be re-armed)
 * @installed: the handler is registered
 * @lock: protects @enabled and GEN_INT_CNTL
 * @enabled: the software interrupt is unmasked
 * @count: interrupts handled
 * @sw_count: software (fence) interrupts handled
 * @none_count: interrupts that were not ours (shared line)
 */
struct r5xx_irq {
	int irq;
	bool msi;
	bool installed;
	/* protects @enabled and GEN_INT_CNTL */
	spinlock_t lock;
	bool enabled;
	atomic_long_t count;
	atomic_long_t sw_count;
	atomic_long_t none_count;
};

/**
 * struct r5xx_sched - the scheduler of the CP ring
 * @base: DRM GPU scheduler
 * @kernel_entity: entity of work the driver itself submits (debugfs tests)
 * @hang_rptr: CP read pointer at the last hang check
 * @hang_seq: signalled fence sequence number at the last hang check
 * @resets: GPU resets done after a hang
 * @ready: @base and @kernel_entity are initialised
 * @push_lock: makes arming and pushing a job one step, so that jobs reach
 *	their entity in the order of their fences
 */
struct r5xx_sched {
	struct drm_gpu_scheduler base;
	struct drm_sched_entity kernel_entity;
	/* makes drm_sched_job_arm() and the push one step */
	struct mutex push_lock;
	u32 hang_rptr;
	u64 hang_seq;
	unsigned int resets;
	bool ready;
};

/**
 * struct r5xx_job - one submission: an IB, run by the scheduler
 * @base: scheduler job
 * @rdev: device
 * @ib: the indirect buffer
 * @hw_fence: fence of the last run of this job on the ring
 * @first_fence: the ring fence of the first run, allocated with the job,
 *	because run_job signals fences and so must not wait for reclaim
 */
struct r5xx_job {
	struct drm_sched_job base;
	struct r5xx_device *rdev;
	struct r5xx_ib ib;
	struct dma_fence *hw_fence;
	struct r5xx_fence *first_fence;
};

/**
 * struct r5xx_file - per-open-file state
 * @entity: scheduler entity of the file's submissions
 */
struct r5xx_file {
	struct drm_sched_entity entity;
};

/**
 * struct r5xx_debugfs - results kept for the debugfs files
 * @lock: protects the results
 * @fence_test: text of the last fence test report
 */
struct r5xx_debugfs {
	/* protects @fence_test */
	struct mutex lock;
	char fence_test[256];
};

/**
 * struct r5xx_device - one R3xx-R5xx GPU
 * @drm: DRM device, embedded first
 * @pdev: PCI device
 * @info: family row
 * @family: GPU family
 * @pci_flags: %R5XX_ID_* flags of the PCI ID table entry
 * @config: module parameters at probe time
 * @mmio: BAR 2 mapping
 * @mmio_size: length of @mmio
 * @mm_lock: protects MM_INDEX/MM_DATA
 * @pll_lock: protects CLOCK_CNTL_INDEX/DATA
 * @pcie_lock: protects PCIE_INDEX/DATA
 * @mc_lock: protects the MC index/data pair
 * @num_gb_pipes: quad pipes in use
 * @fw: CP microcode
 * @ucode_ok: the last microcode read-back matched the file
 * @reset_lock: serialises GPU recovery and the debugfs self-tests
 * @mc: memory controller
 * @gart: GART
 * @ring: CP ring
 * @ib_pool: IB pool
 * @fence: fence driver
 * @irq: interrupts
 * @sched: scheduler
 * @debugfs: debugfs results
 * @mm: TTM memory management
 * @accel_working: the CP passed its self-tests at probe
 */
struct r5xx_device {
	struct drm_device drm;
	struct pci_dev *pdev;
	const struct r5xx_chip_info *info;
	enum r5xx_family family;
	unsigned long pci_flags;
	struct r5xx_config config;

	void __iomem *mmio;
	resource_size_t mmio_size;
	/* protects MM_INDEX/MM_DATA */
	spinlock_t mm_lock;
	/* protects CLOCK_CNTL_INDEX/DATA */
	spinlock_t pll_lock;
	/* protects PCIE_INDEX/DATA */
	spinlock_t pcie_lock;
	/* protects the MC index/data pair */
	spinlock_t mc_lock;

	unsigned int num_gb_pipes;
	const struct firmware *fw;
	bool ucode_ok;

	/* serialises GPU recovery and the debugfs self-tests */
	struct mutex reset_lock;

	struct r5xx_mc mc;
	struct r5xx_gart gart;
	struct r5xx_ring ring;
	struct r5xx_ib_pool ib_pool;
	struct r5xx_fence_driver fence;
	struct r5xx_irq irq;
	struct r5xx_sched sched;
	struct r5xx_debugfs debugfs;
	struct r5xx_mm mm;
	bool accel_working;
};

static inline struct r5xx_device *to_r5xx(struct drm_device *drm)
{
	return container_of(drm, struct r5xx_device, drm);
}

static inline struct r5xx_job *to_r5xx_job(struct drm_sched_job *job)
{
	return container_of(job, struct r5xx_job, base);
}

/* Capability predicates */
static inline bool r5xx_has_quirk(const struct r5xx_device *rdev, u32 quirk)
{
	return rdev->info->quirks & quirk;
}

static inline bool r5xx_is_avivo(const struct r5xx_device *rdev)
{
	return r5xx_has_quirk(rdev, R5XX_QUIRK_AVIVO);
}

/* r5xx_device.c */
int r5xx_device_init(struct r5xx_device *rdev);
void r5xx_device_fini(struct r5xx_device *rdev);
int r5xx_hw_start(struct r5xx_device *rdev);
void r5xx_soft_reset_pulse(struct r5xx_device *rdev, u32 blocks);
int r5xx_asic_reset(struct r5xx_device *rdev);

/* r5xx_mmio.c */
u32 r5xx_mm_rreg_slow(struct r5xx_device *rdev, u32 reg);
void r5xx_mm_wreg_slow(struct r5xx_device *rdev, u32 reg, u32 val);

/**
 * r5xx_rreg - read a 32-bit MMIO register
 * @rdev: device
 * @reg: byte offset
 *
 * Offsets beyond the BAR 2 mapping go through MM_INDEX/MM_DATA.
 *
 * Return: the register value.
 */
static inline u32 r5xx_rreg(struct r5xx_device *rdev, u32 reg)
{
	if (likely(reg < rdev->mmio_size))
		return readl(rdev->mmio + reg);
	return r5xx_mm_rreg_slow(rdev, reg);
}

/**
 * r5xx_wreg - write a 32-bit MMIO register
 * @rdev: device
 * @reg: byte offset
 * @val: value
 */
static inline void r5xx_wreg(struct r5xx_device *rdev, u32 reg, u32 val)
{
	if (likely(reg < rdev->mmio_size))
		writel(val, rdev->mmio + reg);
	else
		r5xx_mm_wreg_slow(rdev, reg, val);
}

/**
 * r5xx_wreg_mask - read-modify-write a 32-bit MMIO register
 * @rdev: device
 * @reg: byte offset
 * @val: new value of the bits in @mask
 * @mask: bits to change
 */
static inline void r5xx_wreg_mask(struct r5xx_device *rdev, u32 reg,
				  u32 val, u32 mask)
{
	u32 tmp = r5xx_rreg(rdev, reg);

	r5xx_wreg(rdev, reg, (tmp & ~mask) | (val & mask));
}

u32 r5xx_pll_rreg(struct r5xx_device *rdev, u32 reg);
void r5xx_pll_wreg(struct r5xx_device *rdev, u32 reg, u32 val);
u32 r5xx_pcie_rreg(struct r5xx_device *rdev, u32 reg);
void r5xx_pcie_wreg(struct r5xx_device *rdev, u32 reg, u32 val);
u32 r5xx_mc_rreg(struct r5xx_device *rdev, u32 reg);
void r5xx_mc_wreg(struct r5xx_device *rdev, u32 reg, u32 val);
int r5xx_mmio_init(struct r5xx_device *rdev);
int r5xx_wait_gui_idle(struct r5xx_device *rdev);
int r5xx_wait_cp_idle(struct r5xx_device *rdev);
int r5xx_wait_mc_idle(struct r5xx_device *rdev);

/* r5xx_chip.c */
extern const struct pci_device_id r5xx_pci_ids[];
const struct r5xx_chip_info *r5xx_chip_info(enum r5xx_family family);
void r5xx_chip_clocks_init(struct r5xx_device *rdev);
void r5xx_chip_pipes_init(struct r5xx_device *rdev);
u32 r5xx_chip_gb_tile_config(struct r5xx_device *rdev);

/* r5xx_mc.c */
int r5xx_mc_init(struct r5xx_device *rdev);
void r5xx_mc_program(struct r5xx_device *rdev);

/* r5xx_gart.c */
int r5xx_gart_init(struct r5xx_device *rdev);
void r5xx_gart_fini(struct r5xx_device *rdev);
void r5xx_gart_enable(struct r5xx_device *rdev);
void r5xx_gart_disable(struct r5xx_device *rdev);
void r5xx_gart_tlb_flush(struct r5xx_device *rdev);
int r5xx_gart_bind(struct r5xx_device *rdev, u64 offset, unsigned int npages,
		   const dma_addr_t *dma_addrs);
void r5xx_gart_unbind(struct r5xx_device *rdev, u64 offset,
		      unsigned int npages);
int r5xx_kbuf_init(struct r5xx_device *rdev, struct r5xx_kbuf *kbuf,
		   size_t size);
void r5xx_kbuf_fini(struct r5xx_device *rdev, struct r5xx_kbuf *kbuf);

/* r5xx_cp.c */
int r5xx_cp_init(struct r5xx_device *rdev);
void r5xx_cp_fini(struct r5xx_device *rdev);
int r5xx_cp_load_microcode(struct r5xx_device *rdev);
int r5xx_cp_verify_microcode(struct r5xx_device *rdev);
void r5xx_cp_start(struct r5xx_device *rdev);
void r5xx_cp_stop(struct r5xx_device *rdev);
void r5xx_cp_reset(struct r5xx_device *rdev);
void r5xx_cp_writeback_disable(struct r5xx_device *rdev);
void r5xx_cp_restore_sanity(struct r5xx_device *rdev);

/* r5xx_ring.c */
/* values of the ring and IB self-tests (r100_ring_test, r100_ib_test) */
#define R5XX_TEST_PRESET	0xcafedead
#define R5XX_TEST_VALUE		0xdeadbeef

int r5xx_ring_init(struct r5xx_device *rdev);
void r5xx_ring_fini(struct r5xx_device *rdev);
u32 r5xx_ring_get_rptr(struct r5xx_device *rdev);
u32 r5xx_ring_read_scratch(struct r5xx_device *rdev, unsigned int idx);
void r5xx_ring_write_scratch(struct r5xx_device *rdev, unsigned int idx,
			     u32 val);
int r5xx_ring_lock(struct r5xx_device *rdev, unsigned int ndw);
void r5xx_ring_unlock_commit(struct r5xx_device *rdev);
void r5xx_ring_unlock_undo(struct r5xx_device *rdev);
int r5xx_ring_start(struct r5xx_device *rdev);
int r5xx_ring_test(struct r5xx_device *rdev);

/**
 * r5xx_ring_emit - write one dword into the current ring reservation
 * @ring: ring, locked with r5xx_ring_lock()
 * @v: dword
 */
static inline void r5xx_ring_emit(struct r5xx_ring *ring, u32 v)
{
	u32 *ptr = ring->buf.cpu;

	if (WARN_ON_ONCE(!ring->count_dw))
		return;
	ptr[ring->wptr] = v;
	ring->wptr = (ring->wptr + 1) & ring->ptr_mask;
	ring->count_dw--;
}

/**
 * r5xx_ring_emit_reg - emit a Type-0 packet writing one register
 * @ring: ring, locked with r5xx_ring_lock()
 * @reg: register byte offset
 * @v: value
 */
static inline void r5xx_ring_emit_reg(struct r5xx_ring *ring, u32 reg, u32 v)
{
	r5xx_ring_emit(ring, R5XX_PACKET0(reg, 0));
	r5xx_ring_emit(ring, v);
}

/* r5xx_ib.c */
/* ring dwords r5xx_ib_emit() writes */
#define R5XX_IB_EMIT_DW		3
int r5xx_ib_pool_init(struct r5xx_device *rdev);
void r5xx_ib_pool_fini(struct r5xx_device *rdev);
int r5xx_ib_get(struct r5xx_device *rdev, struct r5xx_ib *ib, u32 size_dw);
void r5xx_ib_free(struct r5xx_device *rdev, struct r5xx_ib *ib);
void r5xx_ib_pad(struct r5xx_ib *ib);
void r5xx_ib_emit(struct r5xx_device *rdev, const struct r5xx_ib *ib);
int r5xx_ib_test(struct r5xx_device *rdev);

/* r5xx_fence.c */
/* ring dwords r5xx_fence_emit() writes */
#define R5XX_FENCE_EMIT_DW	18
void r5xx_fence_init(struct r5xx_device *rdev);
void r5xx_fence_fini(struct r5xx_device *rdev);
struct r5xx_fence *r5xx_fence_alloc(gfp_t gfp);
void r5xx_fence_free(struct r5xx_fence *fence);
struct dma_fence *r5xx_fence_emit(struct r5xx_device *rdev,
				  struct r5xx_fence *fence);
void r5xx_fence_process(struct r5xx_device *rdev, bool from_irq);
void r5xx_fence_force_complete(struct r5xx_device *rdev, int error);
u64 r5xx_fence_signalled_seq(struct r5xx_device *rdev);

/* r5xx_sched.c */
int r5xx_sched_init(struct r5xx_device *rdev);
void r5xx_sched_fini(struct r5xx_device *rdev);
int r5xx_sched_file_open(struct r5xx_device *rdev, struct r5xx_file *file);
void r5xx_sched_file_close(struct r5xx_file *file);
struct r5xx_job *r5xx_job_create(struct r5xx_device *rdev,
				 struct drm_sched_entity *entity, u32 ib_dw);
struct dma_fence *r5xx_job_push(struct r5xx_job *job);
void r5xx_job_abort(struct r5xx_job *job);

/* r5xx_irq.c */
int r5xx_irq_init(struct r5xx_device *rdev);
void r5xx_irq_fini(struct r5xx_device *rdev);
void r5xx_irq_enable(struct r5xx_device *rdev);
void r5xx_irq_disable(struct r5xx_device *rdev);

/* r5xx_ttm.c */
int r5xx_ttm_init(struct r5xx_device *rdev);
void r5xx_ttm_fini(struct r5xx_device *rdev);
void r5xx_bo_placement(struct r5xx_bo *bo, u32 domain);
int r5xx_bo_create(struct r5xx_device *rdev, u64 size, u64 align, u32 domain,
		   u32 flags, enum ttm_bo_type type,
		   const struct ttm_place *place, struct sg_table *sg,
		   struct dma_resv *resv, struct r5xx_bo **out);
u64 r5xx_bo_gpu_offset(struct r5xx_bo *bo);
int r5xx_gem_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma);
int r5xx_ttm_tt_set_userptr(struct r5xx_bo *bo, unsigned long addr,
			    u32 flags);

/* r5xx_userptr.c */
int r5xx_userptr_pin(struct r5xx_device *rdev, struct r5xx_userptr *up,
		     struct ttm_tt *ttm);
void r5xx_userptr_unpin(struct r5xx_device *rdev, struct r5xx_userptr *up,
			struct ttm_tt *ttm);
int r5xx_userptr_register(struct r5xx_bo *bo, unsigned long addr);
void r5xx_userptr_unregister(struct r5xx_bo *bo);

/* r5xx_gem.c */
extern const struct drm_gem_object_funcs r5xx_gem_object_funcs;
int r5xx_ioctl_gem_info(struct drm_device *drm, void *data,
			struct drm_file *file);
int r5xx_ioctl_gem_create(struct drm_device *drm, void *data,
			  struct drm_file *file);
int r5xx_ioctl_gem_mmap(struct drm_device *drm, void *data,
			struct drm_file *file);
int r5xx_ioctl_gem_pread(struct drm_device *drm, void *data,
			 struct drm_file *file);
int r5xx_ioctl_gem_pwrite(struct drm_device *drm, void *data,
			  struct drm_file *file);
int r5xx_ioctl_gem_set_domain(struct drm_device *drm, void *data,
			      struct drm_file *file);
int r5xx_ioctl_gem_wait_idle(struct drm_device *drm, void *data,
			     struct drm_file *file);
int r5xx_ioctl_gem_set_tiling(struct drm_device *drm, void *data,
			      struct drm_file *file);
int r5xx_ioctl_gem_get_tiling(struct drm_device *drm, void *data,
			      struct drm_file *file);
int r5xx_ioctl_gem_busy(struct drm_device *drm, void *data,
			struct drm_file *file);
int r5xx_ioctl_gem_va(struct drm_device *drm, void *data,
		      struct drm_file *file);
int r5xx_ioctl_gem_op(struct drm_device *drm, void *data,
		      struct drm_file *file);
int r5xx_ioctl_gem_userptr(struct drm_device *drm, void *data,
			   struct drm_file *file);
int r5xx_gem_dumb_create(struct drm_file *file, struct drm_device *drm,
			 struct drm_mode_create_dumb *args);
int r5xx_gem_dumb_map_offset(struct drm_file *file, struct drm_device *drm,
			     u32 handle, u64 *offset);

/* r5xx_prime.c */
int r5xx_gem_prime_pin(struct drm_gem_object *obj);
void r5xx_gem_prime_unpin(struct drm_gem_object *obj);
struct sg_table *r5xx_gem_prime_get_sg_table(struct drm_gem_object *obj);
struct dma_buf *r5xx_gem_prime_export(struct drm_gem_object *obj, int flags);
struct drm_gem_object *
r5xx_gem_prime_import_sg_table(struct drm_device *drm,
			       struct dma_buf_attachment *attach,
			       struct sg_table *sg);

/* r5xx_cs.c */
int r5xx_ioctl_cs(struct drm_device *drm, void *data, struct drm_file *file);

/* r5xx_info.c */
int r5xx_ioctl_info(struct drm_device *drm, void *data, struct drm_file *file);
void r5xx_info_file_close(struct r5xx_device *rdev, struct drm_file *file);

/* r5xx_surface.c */
int r5xx_surface_get(struct r5xx_bo *bo);
void r5xx_surface_move_notify(struct r5xx_bo *bo);

/* r5xx_debugfs.c */
#if defined(CONFIG_DEBUG_FS)
void r5xx_debugfs_init(struct drm_minor *minor);
#endif

#endif /* __R5XX_DRV_H__ */
