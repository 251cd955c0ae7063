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
#include <linux/refcount.h>
#include <linux/scatterlist.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>

#include <drm/drm_connector.h>
#include <drm/drm_crtc.h>
#include <drm/drm_device.h>
#include <drm/drm_encoder.h>
#include <drm/drm_framebuffer.h>
#include <drm/drm_gem.h>
#include <drm/drm_modes.h>
#include <drm/drm_plane.h>
#include <drm/gpu_scheduler.h>
#include <drm/ttm/ttm_device.h>
#include <drm/ttm/ttm_placement.h>

#include "r5xx_bandwidth.h"
#include "r5xx_combios.h"
#include "r5xx_compat.h"
#include "r5xx_cs_tables.h"	/* R5XX_CS_NUM_RESETS */
#include "r5xx_facts.h"	/* enum r5xx_family */
#include "r5xx_pm4.h"
#include "r5xx_regs.h"

struct drm_file;
struct drm_printer;
struct file;
struct seq_file;
struct r5xx_device;
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
 * - r5xx_drv.c: PCI probe and remove, module parameters, &drm_driver, the
 *   ioctl table, open and postclose;
 * - r5xx_device.c: ordered bring-up and teardown of the hardware, hardware
 *   start and stop, and the soft reset primitive;
 * - r5xx_chip.c: the PCI ID table and one &struct r5xx_chip_info row per
 *   family (chip differences are data, not function pointers);
 * - r5xx_mmio.c: indirect register spaces (MM, PLL, PCIE, MC, north-bridge
 *   MC) and idle waits;
 * - r5xx_mc.c: VRAM size (or the IGPs' UMA block) and the placement of VRAM
 *   and GTT in the MC space;
 * - r5xx_gart.c: what every GART kind shares (the table, the dummy page,
 *   binding) and the kernel's GART-mapped buffers;
 * - r5xx_gart_pcie.c: the rv370 PCIE GART (table in VRAM);
 * - r5xx_gart_igp.c: the RS400/RS480 IGP GART (table in system memory);
 * - r5xx_gart_pci.c: the PCI GART of the AGP cards (table in system memory);
 * - r5xx_gart_rs600.c: the RS600 page tables (8-byte entries, table in VRAM);
 * - r5xx_ttm.c: TTM, buffer objects, their placement and CPU mappings;
 * - r5xx_surface.c: the SURFACE registers (tiled/swapped CPU access);
 * - r5xx_gem.c: the GEM ioctls and dumb buffers;
 * - r5xx_pm.c: dev_pm_ops, suspend and resume (system sleep, hibernation);
 * - r5xx_pm_clocks.c: the BIOS's power states, radeon's power_method and
 *   power_profile sysfs files, dynpm;
 * - r5xx_post.c: posting the GPU again after a resume;
 * - r5xx_prime.c: PRIME export and import of dma-bufs;
 * - r5xx_userptr.c: GEM_USERPTR buffers over user memory and their MMU
 *   notifier;
 * - r5xx_info.c: the INFO ioctl;
 * - r5xx_cp.c: CP microcode, start, stop and the CP ring registers;
 * - r5xx_ring.c: the ring buffer protocol, writeback and the ring self-test;
 * - r5xx_ib.c: the indirect buffer pool, IB execution and the IB self-test;
 * - r5xx_fence.c: hardware fences signalled from the interrupt handler;
 * - r5xx_sched.c: the DRM GPU scheduler backend, hang detection and
 *   recovery after a hang;
 * - r5xx_irq.c: MSI/INTx setup and the interrupt handler;
 * - r5xx_cs.c: the CS ioctl: chunks, relocations, buffer validation and
 *   the job;
 * - r5xx_cs_check.c: the command-stream checker's walk of an IB;
 * - r5xx_cs_draw.c: what a draw or a blit touches, for the checker;
 * - r5xx_cs_tables.c: the checker's register tables, generated from
 *   regs/r5xx.regs;
 * - r5xx_tiling.c: surface layout arithmetic (tiling, pitch, size);
 * - r5xx_debugfs.c: state dumps and self-test triggers;
 * - r5xx_fdinfo.c: per-file usage statistics in /proc/PID/fdinfo (GPU
 *   time, memory);
 * - r5xx_kms.c: KMS on or off, mode_config, framebuffer creation and its
 *   limits, the atomic plumbing, fbdev emulation, polling, suspend/resume,
 *   and what the CRTCs and planes of both engines share (plane creation,
 *   pinning, checks, events);
 * - r5xx_display_legacy.c: the legacy display engine of R3xx/R4xx: CRTC
 *   timing, pixel PLLs, primary and cursor planes, palette, vblank and
 *   scanout position;
 * - r5xx_display_avivo.c: the AVIVO display engine of R5xx: D1/D2 CRTC
 *   timing, the P1PLL/P2PLL pixel PLLs, GRPH surfaces and cursors, LUTs,
 *   vblank interrupts, frame counter and scanout position;
 * - r5xx_connector.c: connectors and encoders (primary DAC, internal TMDS;
 *   DACA and TMDSA on AVIVO), detection, hot plug and modes;
 * - r5xx_dac2.c: the second DAC, the legacy TV DAC or AVIVO DAC B, as a
 *   second VGA DAC (DVI-I's analog half) and its load comparator;
 * - r5xx_panel.c: the laptop panel of Mobility boards on the legacy LVDS
 *   transmitter: its native mode, the RMX scaler, power sequencing and the
 *   backlight class device;
 * - r5xx_i2c.c: DDC buses bit-banged on the GPIO pads (i2c-algo-bit);
 * - r5xx_bios.c: the connector table and PLL limits: the video BIOS's
 *   (COMBIOS or ATOM) if there are any, else per-family defaults;
 * - r5xx_atombios.c: the bounded parser of an ATOM BIOS's connectors,
 *   pixel PLL data, default clocks and IGP data (builds on the host too,
 *   for tests/unit);
 * - r5xx_atom_exec.c: the bounded interpreter of an ATOM BIOS's command
 *   tables, which r5xx_post() runs to re-post ATOM boards (ASIC_Init;
 *   builds on the host too, for tests/unit);
 * - r5xx_combios.c: the bounded parser of a COMBIOS connector table and
 *   default clocks (builds on the host too, for tests/unit);
 * - r5xx_combios_post.c: the bounded executor of a COMBIOS BIOS's init
 *   tables, which r5xx_post() runs to re-post COMBIOS boards (builds on the
 *   host too, for tests/unit);
 * - r5xx_bandwidth.c: the display bandwidth for the CRTCs' modes: the
 *   AVIVO line buffer split and priority marks (RV515 and RS690 kinds),
 *   the legacy display FIFO levels and the memory timings they depend on
 *   (builds on the host too, for tests/unit).
 *
 * Headers: this one is the driver's internal header; r5xx_regs.h (registers)
 * and r5xx_cs_tables.h are generated by scripts/gen-regs.py; r5xx_pm4.h
 * (packet encoding) is shared with the QEMU model and the host tests;
 * r5xx_cs_check.h, r5xx_tiling.h, r5xx_combios.h and r5xx_atom_exec.h are
 * the interfaces of the checker, of the layout code, of the COMBIOS parser
 * and of the ATOM interpreter, which build on the host too; r5xx_compat.h
 * holds every kernel-version switch.
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
 * - &r5xx_fdinfo.lock, the GPU time accounting of fdinfo, nests inside
 *   it: the callback on a job's ring fence takes it (r5xx_fdinfo.c);
 * - &r5xx_irq.lock protects the cached interrupt enables;
 * - the index/data spinlocks of r5xx_mmio.c are innermost.
 *
 * Fences are created under &r5xx_ring.lock so that sequence numbers are
 * emitted to the ring in the order they are allocated.
 *
 * The user's mmap lock comes before any buffer reservation: command
 * submission and GEM_USERPTR take it around the validation that pins user
 * pages.  &r5xx_mm.notifier_lock comes after the reservations: command
 * submission takes it, with its buffers reserved, around the push of a job
 * that uses user pages, and the MMU notifier of a user pointer buffer takes
 * it alone, inside the kernel's invalidation of the range, which memory
 * reclaim may start: nothing that allocates memory, takes a reservation or
 * the mmap lock may run under it (r5xx_userptr.c).
 */

/* &pci_device_id.driver_data: the family and per-board flags */
#define R5XX_ID_FAMILY		GENMASK(15, 0)
#define R5XX_ID_MOBILITY	BIT(16)
#define R5XX_ID_ONE_PIPE	BIT(17)

/**
 * enum r5xx_gart_kind - how the GPU translates GTT addresses
 * @R5XX_GART_PCIE: rv370 PCIE GART, table of 4-byte entries in VRAM
 * @R5XX_GART_PCI: legacy PCI GART (AIC) of AGP cards, table of 32-bit bus
 *	addresses in system memory
 * @R5XX_GART_IGP: RS400/RS480/RS690/RS740 IGP GART, table of 4-byte entries
 *	in system memory (behind the %R5XX_MC_RS400 and %R5XX_MC_RS690 MCs)
 * @R5XX_GART_RS600: RS600 page table unit, one flat table of 8-byte entries
 *	in VRAM
 */
enum r5xx_gart_kind {
	R5XX_GART_PCIE,
	R5XX_GART_PCI,
	R5XX_GART_IGP,
	R5XX_GART_RS600,
};

/**
 * enum r5xx_mc_kind - memory controller register interface
 * @R5XX_MC_R300: MC_FB_LOCATION in MMIO, an MC indirect space at
 *	R420_MC_IND_INDEX (r100_bandwidth_update reads MC_READ_CNTL_CD there)
 * @R5XX_MC_R420: as R300 (r420_mc_rreg)
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
 * enum r5xx_msi_rearm_kind - where an MSI is re-armed
 * @R5XX_MSI_REARM_MSI_REARM_EN: MSI_REARM_EN.MSI_REARM (RV380 and the discrete parts)
 * @R5XX_MSI_REARM_AIC_CNTL: AIC_CNTL.RS400_MSI_REARM toggled (RS400/RS480)
 * @R5XX_MSI_REARM_BUS_CNTL: BUS_CNTL.RS600_MSI_REARM toggled (RS600, RS690,
 *	RS740)
 */
enum r5xx_msi_rearm_kind {
	R5XX_MSI_REARM_MSI_REARM_EN,
	R5XX_MSI_REARM_AIC_CNTL,
	R5XX_MSI_REARM_BUS_CNTL,
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
/* R5xx pipe set-up (rv515.c:rv515_gpu_init, r520.c:r520_gpu_init) */
#define R5XX_QUIRK_PLL_PIPE_CONFIG BIT(7) /* copy the pipes to PLL 0x0d */
#define R5XX_QUIRK_RV530_PIPES	BIT(8)	/* GB_FIFO_SIZE2, two Z pipes */
/*
 * radeon_update_display_priority: high display priority (R300 to R4xx and
 * RV515, not the IGPs)
 */
#define R5XX_QUIRK_DISP_PRIORITY_HIGH BIT(9)
/* AGP-era chips */
#define R5XX_QUIRK_BUS_CNTL_BM	BIT(10)	/* bus mastering under BUS_CNTL */
/* r420_pm_init_profile: "mid" with one display is power state 1, not 0 */
#define R5XX_QUIRK_PM_MID_STATE1 BIT(11)

/**
 * struct r5xx_chip_info - what one family needs, as data
 * @name: family name, e.g. "RV380"
 * @group: generation, e.g. "R3xx"
 * @firmware: CP microcode file under /lib/firmware
 * @gart: GART kind; r5xx_gart_kind_funcs() says which ones r5xx drives
 * @mc: memory controller kind
 * @irq: interrupt controller kind
 * @clocks: clock forcing at start-up
 * @msi_rearm: how an MSI is re-armed (rs400_irq_process, rs600_irq_process)
 * @pipes: fixed number of quad pipes, or 0 to read GB_PIPE_SELECT
 * @pcie_index_mask: width of the PCIE_INDEX index (0xff, 0x7ff from RV515)
 * @quirks: %R5XX_QUIRK_* bits
 * @bw_mem: the layout of the memory timings the legacy display bandwidth
 *	depends on (%R5XX_BW_MEM_NONE on AVIVO chips)
 * @bw_flags: the legacy display bandwidth's %R5XX_BW_LEGACY_* cases
 * @bw_avivo: how the AVIVO display bandwidth is computed
 * @tv_dac_pd: the power-down bits of the legacy TV DAC in TV_DAC_CNTL
 *	(R420, R423 and RV410 moved them up one), 0 without a TV DAC
 */
struct r5xx_chip_info {
	const char *name;
	const char *group;
	const char *firmware;
	enum r5xx_gart_kind gart;
	enum r5xx_mc_kind mc;
	enum r5xx_irq_kind irq;
	enum r5xx_clk_kind clocks;
	enum r5xx_msi_rearm_kind msi_rearm;
	u8 pipes;
	u16 pcie_index_mask;
	u32 quirks;
	enum r5xx_bw_mem_timing bw_mem;
	u8 bw_flags;
	enum r5xx_bw_avivo_kind bw_avivo;
	u32 tv_dac_pd;
};

/**
 * struct r5xx_config - module parameters, copied at probe
 * @msi: 1 use MSI, 0 never, -1 per family
 * @writeback: use rptr and scratch writeback to system memory
 * @lockup_timeout_ms: scheduler timeout before the hang check runs
 * @modeset: 0 render only, else KMS where the display engine is supported
 * @vis_vram_limit: CPU-visible VRAM in bytes at most, 0 for no limit
 */
struct r5xx_config {
	int msi;
	bool writeback;
	unsigned int lockup_timeout_ms;
	int modeset;
	u64 vis_vram_limit;
};

#define R5XX_GPU_PAGE_SIZE		4096

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
 * @uma_base: IGPs: physical address of the UMA block (NB_TOM on RS400/RS480,
 *	MCCFG_FB_LOCATION on RS690/RS740, the MC's FB_LOCATION on RS600)
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
	u64 uma_base;
	u64 vram_start;
	u64 vram_end;
	u64 gtt_size;
	u64 gtt_start;
	u64 gtt_end;
	u32 vram_width;
	u32 hdp_cntl;
};

/**
 * struct r5xx_gart_funcs - what one GART kind does
 * @dma_bits: bus address bits the GART can reach (the DMA mask)
 * @gtt_size_aligned: the GTT range must be aligned to its size
 * @pte_size: bytes per table entry, 4 or 8 (RS600)
 * @table_init: check the GTT range and allocate or map the table; sets
 *	&r5xx_gart.table or &r5xx_gart.ram_table
 * @table_fini: undo @table_init
 * @pte: the entry of a GPU page at a bus address, @access false for the
 *	dummy page
 * @enable: program and enable translation; the caller flushes the TLB
 * @disable: turn translation off
 * @tlb_flush: invalidate what the GART caches
 * @show_regs: the GART's registers, for debugfs r5xx_regs
 *
 * One const instance per GART kind, each in a file of its own
 * (r5xx_gart_pcie.c, r5xx_gart_igp.c, r5xx_gart_pci.c, r5xx_gart_rs600.c);
 * the chip row's &r5xx_chip_info.gart picks it (r5xx_gart_kind_funcs()).
 */
struct r5xx_gart_funcs {
	unsigned int dma_bits;
	bool gtt_size_aligned;
	unsigned int pte_size;
	int (*table_init)(struct r5xx_device *rdev);
	void (*table_fini)(struct r5xx_device *rdev);
	u64 (*pte)(dma_addr_t addr, bool access);
	void (*enable)(struct r5xx_device *rdev);
	void (*disable)(struct r5xx_device *rdev);
	void (*tlb_flush)(struct r5xx_device *rdev);
	void (*show_regs)(struct r5xx_device *rdev, struct seq_file *m);
};

/**
 * struct r5xx_gart - the GART: its table and the kernel buffers in it
 * @funcs: the GART kind's functions, set at probe from the chip row
 * @table: CPU mapping of a table in VRAM (PCIE and RS600 GARTs, through
 *	BAR 0), or NULL
 * @ram_table: a table in coherent system memory (IGP and PCI GARTs), or
 *	NULL; both are NULL after r5xx_gart_fini(), when unbinding the
 *	buffers left changes nothing
 * @ram_table_dma: bus address of @ram_table
 * @table_offset: VRAM offset of a table in VRAM
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
	const struct r5xx_gart_funcs *funcs;
	u32 __iomem *table;
	__le32 *ram_table;
	dma_addr_t ram_table_dma;
	u64 table_offset;
	u32 table_size;
	unsigned int num_pages;
	struct r5xx_kbuf dummy;
	u64 dummy_pte;
	u64 kernel_top;
	/* protects the table, TLB flushes and @kernel_top */
	struct mutex lock;
	bool enabled;
	bool frozen;
};

/**
 * struct r5xx_mm - TTM memory management
 * @bdev: TTM device
 * @vram_kaddr: write-combined kernel mapping of the CPU-visible VRAM, made
 *	once at load, through which TTM maps VRAM buffers (kmap, vmap, the
 *	clearing of new buffers) without an ioremap each; NULL if it could not
 *	be made (each mapping then makes its own)
 * @gtt_reserved: bytes at the start of the GTT range kept for the kernel
 *	buffers; the GTT manager's offset 0 is this GTT offset
 * @vram_pin_size: pinned VRAM in bytes
 * @gart_pin_size: pinned GTT in bytes, besides @gtt_reserved
 * @bytes_moved: bytes copied by buffer moves
 * @fail_vram_clears: how many of the next clears of a new VRAM buffer
 *	fail with -ENOMEM, as a failed mapping would (debugfs
 *	r5xx_fail_vram_clears, for the test of that error path)
 * @gart_table_bo: pinned buffer object over the GART table in VRAM
 * @surface_lock: protects @surfaces and every &r5xx_bo.surface_reg
 * @surfaces: owner of each surface register, or NULL
 * @hyperz_filp: file owning Hyper-Z (INFO WANT_HYPERZ)
 * @cmask_filp: file owning CMASK (INFO WANT_CMASK)
 * @notifier_lock: orders the MMU notifiers of user pointer buffers against
 *	the command submissions that use their pages ("user pointers" in
 *	r5xx_userptr.c); nothing allocates memory under it.  Lives as long
 *	as the DRM device: the notifiers take it after an unplug too
 * @userptr_wq: runs &r5xx_bo.userptr_release; destroyed at the unplug,
 *	after which the notifiers queue nothing
 * @ready: TTM is initialised
 */
struct r5xx_mm {
	struct ttm_device bdev;
	void __iomem *vram_kaddr;
	u64 gtt_reserved;
	u64 vram_pin_size;
	u64 gart_pin_size;
	atomic64_t bytes_moved;
	atomic_t fail_vram_clears;
	struct r5xx_bo *gart_table_bo;
	/* protects @surfaces, &r5xx_bo.surface_reg, @hyperz_filp, @cmask_filp */
	struct mutex surface_lock;
	struct r5xx_bo *surfaces[R5XX_SURFACE_INFO_COUNT];
	struct drm_file *hyperz_filp;
	struct drm_file *cmask_filp;
	/* user pointer notifiers against the submissions that use the pages */
	struct mutex notifier_lock;
	struct workqueue_struct *userptr_wq;
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
 * @userptr_release: moves a user pointer buffer whose range was
 *	invalidated out of GTT, unpinning its pages (r5xx_userptr.c)
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
	struct work_struct userptr_release;
};

/**
 * struct r5xx_bo_param - what r5xx_bo_create() is to make
 * @size: size in bytes, page aligned, not 0
 * @byte_align: alignment in bytes (0 or a multiple of the page size)
 * @domain: initial %RADEON_GEM_DOMAIN_* placement
 * @flags: %RADEON_GEM_* creation flags
 * @type: TTM object type
 * @place: if not NULL, an exact placement that overrides @domain
 * @sg: the pages of an imported dma-buf (@type %ttm_bo_type_sg), or NULL
 * @resv: reservation object to share (an imported dma-buf's), locked by
 *	the caller, or NULL for the object's own
 */
struct r5xx_bo_param {
	u64 size;
	u64 byte_align;
	u32 domain;
	u32 flags;
	enum ttm_bo_type type;
	const struct ttm_place *place;
	struct sg_table *sg;
	struct dma_resv *resv;
};

/**
 * struct r5xx_userptr - the user memory behind a GEM_USERPTR buffer
 * @addr: user address of the first page
 * @mm: the address space @addr belongs to; only compared, never
 *	dereferenced (the notifier keeps it alive)
 * @flags: %RADEON_GEM_USERPTR_* flags of the request
 * @notifier: the buffer's &r5xx_bo.notifier
 * @notifier_seq: the notifier's sequence read before the pages were pinned
 *	(mmu_interval_read_begin()); a later invalidation of the range
 *	changes the notifier's
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
	struct mmu_interval_notifier *notifier;
	unsigned long notifier_seq;
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
 * @quota: the share of the pool the chunks count in, or NULL for the
 *	kernel's own IBs; a reference is held while @chunks is not 0
 */
struct r5xx_ib {
	u32 *ptr;
	u64 gpu_addr;
	u32 length_dw;
	u32 size_dw;
	unsigned int first;
	unsigned int chunks;
	struct r5xx_ib_quota *quota;
};

/**
 * struct r5xx_ib_quota - the IB pool chunks one open file holds
 * @ref: the file and each of its IBs hold one
 * @chunks: chunks held by the file's IBs, under &r5xx_ib_pool.lock
 *
 * See "indirect buffers" in r5xx_ib.c.
 */
struct r5xx_ib_quota {
	refcount_t ref;
	unsigned int chunks;
};

/**
 * struct r5xx_ib_pool - sub-allocator for indirect buffers
 * @buf: GART-mapped pool memory
 * @used: one bit per chunk in use; NULL once the pool is freed
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
 * @lock: protects @enabled, GEN_INT_CNTL and the AVIVO interrupt controls
 * @enabled: the software interrupt is unmasked
 * @display: the enabled display sources (vblanks, hotplug): GEN_INT_CNTL
 *	bits, or DISP_INTERRUPT_STATUS bits on AVIVO
 * @count: interrupts handled
 * @sw_count: software (fence) interrupts handled
 * @none_count: interrupts that were not ours (shared line)
 */
struct r5xx_irq {
	int irq;
	bool msi;
	bool installed;
	/* protects @enabled, GEN_INT_CNTL and the AVIVO interrupt controls */
	spinlock_t lock;
	bool enabled;
	u32 display;
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
 * @jobs_done: jobs freed whose finished fence signalled without an error
 * @jobs_failed: jobs freed whose finished fence carries an error
 * @last_job_error: that error of the last such job
 * @ready: @kernel_entity is initialised and jobs run on the hardware;
 *	cleared by r5xx_sched_fini() at teardown, while @base stays until
 *	the DRM device's release
 * @push_lock: makes arming and pushing a job one step, so that jobs reach
 *	their entity in the order of their fences
 * @submit_wq: the scheduler's high-priority ordered workqueue on kernels
 *	whose scheduler takes one (R5XX_HAVE_SCHED_SUBMIT_WQ), else NULL
 */
struct r5xx_sched {
	struct drm_gpu_scheduler base;
	struct drm_sched_entity kernel_entity;
	/* makes drm_sched_job_arm() and the push one step */
	struct mutex push_lock;
	struct workqueue_struct *submit_wq;
	u32 hang_rptr;
	u64 hang_seq;
	unsigned int resets;
	u64 jobs_done;
	u64 jobs_failed;
	int last_job_error;
	bool ready;
};

/**
 * struct r5xx_fdinfo - the device's GPU time accounting (r5xx_fdinfo.c)
 * @lock: protects @running, @last_end_ns and the clients' busy times;
 *	taken in the fence signalling path, so with interrupts off
 * @running: jobs whose ring fence is emitted and not yet signalled, in
 *	ring order (&r5xx_job_stats.link)
 * @last_end_ns: when the last of them signalled (ktime_get_ns())
 */
struct r5xx_fdinfo {
	/* see above; nests inside the hardware fences' lock */
	spinlock_t lock;
	struct list_head running;
	u64 last_end_ns;
};

/**
 * struct r5xx_fdinfo_client - what an open file has used of the GPU
 * @ref: the file holds one reference, each of its jobs another
 * @id: drm-client-id where the DRM core has none (before 6.5)
 * @busy_ns: GPU time of its finished jobs (&r5xx_fdinfo.lock)
 */
struct r5xx_fdinfo_client {
	refcount_t ref;
	u64 id;
	u64 busy_ns;
};

/**
 * struct r5xx_job_stats - a job's share of GPU time (r5xx_fdinfo.c)
 * @client: account of the submitting file, or NULL for the kernel's jobs
 * @fence: the ring fence of the last run, with a reference, or NULL
 * @cb: callback on @fence that ends the run
 * @link: entry in &r5xx_fdinfo.running while @fence is pending
 * @start_ns: when the run was committed to the ring
 */
struct r5xx_job_stats {
	struct r5xx_fdinfo_client *client;
	struct dma_fence *fence;
	struct dma_fence_cb cb;
	struct list_head link;
	u64 start_ns;
};

/**
 * struct r5xx_job - one submission: an IB, run by the scheduler
 * @base: scheduler job
 * @rdev: device
 * @ib: the indirect buffer
 * @hw_fence: fence of the last run of this job on the ring
 * @first_fence: the ring fence of the first run, allocated with the job,
 *	because run_job signals fences and so must not wait for reclaim
 * @stats: GPU time accounting for fdinfo
 */
struct r5xx_job {
	struct drm_sched_job base;
	struct r5xx_device *rdev;
	struct r5xx_ib ib;
	struct dma_fence *hw_fence;
	struct r5xx_fence *first_fence;
	struct r5xx_job_stats stats;
};

struct r5xx_cs_scratch;

/**
 * struct r5xx_file - per-open-file state
 * @entity: scheduler entity of the file's submissions
 * @cs_scratch: the CS ioctl's relocation arrays, kept between submissions
 *		(r5xx_cs.c); NULL while a submission holds them
 * @ib_quota: what the file's jobs hold of the IB pool
 * @fdinfo: the file's usage statistics
 */
struct r5xx_file {
	struct drm_sched_entity entity;
	struct r5xx_cs_scratch *cs_scratch;
	struct r5xx_ib_quota *ib_quota;
	struct r5xx_fdinfo_client *fdinfo;
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

#define R5XX_MAX_CRTCS		2
#define R5XX_MAX_CONNECTORS	4

/* the hardware cursor of both engines: 64x64, 4 bytes a pixel, 256-byte rows */
#define R5XX_CURSOR_SIZE	64
#define R5XX_CURSOR_PITCH	256

/**
 * struct r5xx_pll_limits - what the pixel PLLs can do, in kHz
 * @ref_khz: reference (crystal) clock
 * @ref_div: the reference divider the firmware set (preferred of equals)
 * @in_min_khz: lowest PLL input (reference / @ref_div)
 * @in_max_khz: highest PLL input
 * @vco_min_khz: lowest VCO frequency
 * @vco_max_khz: highest VCO frequency
 * @max_pixclk_khz: highest pixel clock a CRTC accepts
 */
struct r5xx_pll_limits {
	u32 ref_khz;
	u32 ref_div;
	u32 in_min_khz;
	u32 in_max_khz;
	u32 vco_min_khz;
	u32 vco_max_khz;
	u32 max_pixclk_khz;
};

/**
 * struct r5xx_pll_div - one setting of a pixel PLL
 * @ref: reference divider
 * @fb: feedback divider
 * @post: post divider (1, 2, 3, 4, 6, 8, 12 or 16)
 * @khz: the pixel clock it gives
 */
struct r5xx_pll_div {
	u32 ref;
	u32 fb;
	u32 post;
	u32 khz;
};

/**
 * struct r5xx_ddc - a DDC bus on a GPIO pad
 * @adapter: the I2C adapter
 * @algo: i2c-algo-bit callbacks and timing
 * @rdev: device
 * @reg: the GPIO register
 */
struct r5xx_ddc {
	struct i2c_adapter adapter;
	struct i2c_algo_bit_data algo;
	struct r5xx_device *rdev;
	u32 reg;
};

/**
 * struct r5xx_rgb10 - one palette entry, 10 bits a channel
 * @r: red
 * @g: green
 * @b: blue
 */
struct r5xx_rgb10 {
	u32 r, g, b;
};

/**
 * struct r5xx_cursor_place - where a cursor image goes on its CRTC
 * @x: left edge of the shown part, at least 0
 * @y: top edge of the shown part, at least 0
 * @xorigin: image columns hidden left of the CRTC
 * @yorigin: image rows hidden above it
 */
struct r5xx_cursor_place {
	u32 x, y, xorigin, yorigin;
};

/**
 * struct r5xx_crtc_kind - what makes a CRTC of one display engine
 * @crtc_helpers: its &drm_crtc_helper_funcs
 * @primary_helpers: helpers of its primary plane
 * @cursor_helpers: helpers of its cursor plane
 * @vblank_counter: reads the hardware frame counter as DRM counts frames
 *	(stepping at the start of vblank)
 * @vblank_irq: the display interrupt of each CRTC's vblank, for
 *	r5xx_irq_set_display()
 */
struct r5xx_crtc_kind {
	const struct drm_crtc_helper_funcs *crtc_helpers;
	const struct drm_plane_helper_funcs *primary_helpers;
	const struct drm_plane_helper_funcs *cursor_helpers;
	u32 (*vblank_counter)(struct drm_crtc *crtc);
	u32 vblank_irq[R5XX_MAX_CRTCS];
};

/**
 * struct r5xx_crtc - a CRTC (legacy CRTC1/2 or AVIVO D1/D2) with its planes
 * @base: DRM CRTC
 * @primary: primary plane
 * @cursor: cursor plane
 * @id: 0 for CRTC1, 1 for CRTC2
 * @kind: its display engine
 * @bw: the mode the display bandwidth is programmed for, under
 *	&r5xx_display.bw_lock
 */
struct r5xx_crtc {
	struct drm_crtc base;
	struct drm_plane primary;
	struct drm_plane cursor;
	unsigned int id;
	const struct r5xx_crtc_kind *kind;
	struct r5xx_bw_mode bw;
};

/**
 * struct r5xx_output_dev - a connector and the encoders behind it
 * @connector: DRM connector
 * @encoder: DRM encoder
 * @analog: the second DAC's encoder, the analog half of a DVI-I connector
 *	(&r5xx_connector_info.dac2)
 * @info: its row of the connector table
 * @use_analog: the monitor last found on a DVI-I connector is analog
 * @found_by_load: ... and was found by the load comparator (a probe that
 *	may not run the comparator keeps that status)
 */
struct r5xx_output_dev {
	struct drm_connector connector;
	struct drm_encoder encoder;
	struct drm_encoder analog;
	const struct r5xx_connector_info *info;
	bool use_analog;
	bool found_by_load;
};

struct backlight_device;

/**
 * struct r5xx_panel - the laptop panel on the legacy LVDS transmitter
 * @native: its native mode (hdisplay 0: unknown)
 * @bl: its backlight class device
 * @lock: protects @level, @on and LVDS_GEN_CNTL's backlight bits
 * @level: backlight level, 0..255
 * @on: the panel is powered and lit
 */
struct r5xx_panel {
	struct drm_display_mode native;
	struct backlight_device *bl;
	struct mutex lock;	/* protects level, on, LVDS_GEN_CNTL */
	u32 level;
	bool on;
};

/**
 * struct r5xx_display - the KMS side of the device
 * @enabled: KMS objects exist (DRIVER_MODESET)
 * @num_crtcs: CRTCs in @crtc
 * @crtc: the CRTCs
 * @num_outputs: entries in @connectors and @outputs
 * @connectors: the connector table (r5xx_bios.c)
 * @outputs: connectors and encoders
 * @ddc: the DDC buses, by &enum r5xx_ddc_line
 * @pll: pixel PLL limits
 * @sclk_khz: engine clock the video BIOS set, 0 if unknown
 * @mclk_khz: memory clock the video BIOS set, 0 if unknown
 * @igp: an RS690-class IGP's memory and link (IntegratedSystemInfo)
 * @bw_lock: protects the CRTCs' &r5xx_crtc.bw and the display bandwidth
 *	registers (r5xx_avivo_bandwidth_update(),
 *	r5xx_legacy_bandwidth_update())
 * @cursor_reach: how far into VRAM a cursor image may lie (the legacy
 *	CUR_OFFSET reaches 128 MiB, AVIVO's MC address all of VRAM)
 * @reg_lock: protects registers several CRTCs or encoders share
 *	(DAC_CNTL2 and the palette, the AVIVO LUT port)
 * @hotplug_work: re-probes connectors after a hot-plug interrupt
 * @suspend_lock: serialises r5xx_kms_suspend() and r5xx_kms_resume()
 * @suspended: the display state is saved and the display off
 * @vblank_poll: passes the CRTCs' vblanks on while a GPU reset has the
 *	interrupts off, see r5xx_display_vblank_poll_start()
 * @panel: the laptop panel, if the board has one (r5xx_panel.c)
 */
struct r5xx_display {
	bool enabled;
	unsigned int num_crtcs;
	struct r5xx_crtc crtc[R5XX_MAX_CRTCS];
	unsigned int num_outputs;
	struct r5xx_connector_info connectors[R5XX_MAX_CONNECTORS];
	struct r5xx_output_dev outputs[R5XX_MAX_CONNECTORS];
	struct r5xx_ddc ddc[R5XX_DDC_COUNT];
	struct r5xx_pll_limits pll;
	u32 sclk_khz;
	u32 mclk_khz;
	struct r5xx_bw_igp igp;
	struct mutex bw_lock;	/* protects crtc[].bw, bandwidth registers */
	u64 cursor_reach;
	/* protects DAC_CNTL2 and the palette, the AVIVO LUT port */
	spinlock_t reg_lock;
	struct work_struct hotplug_work;
	/* protects @suspended */
	struct mutex suspend_lock;
	bool suspended;
	struct delayed_work vblank_poll;
	struct r5xx_panel panel;
};

/**
 * struct r5xx_framebuffer - a framebuffer and the layout of its buffer
 * @base: DRM framebuffer
 * @tiling_flags: the buffer's %RADEON_TILING_* flags when the framebuffer
 *	was made (and checked)
 */
struct r5xx_framebuffer {
	struct drm_framebuffer base;
	u32 tiling_flags;
};

static inline struct r5xx_framebuffer *to_r5xx_fb(struct drm_framebuffer *fb)
{
	return container_of(fb, struct r5xx_framebuffer, base);
}

static inline struct r5xx_crtc *to_r5xx_crtc(struct drm_crtc *crtc)
{
	return container_of(crtc, struct r5xx_crtc, base);
}

/**
 * struct r5xx_post - the registers a post of the video BIOS sets
 * @memsize: CONFIG_MEMSIZE
 * @spll: PLL M_SPLL_REF_FB_DIV, the engine and memory PLL dividers
 * @sclk_cntl: PLL SCLK_CNTL
 * @mclk_cntl: PLL MCLK_CNTL
 * @mem_cntl: the memory channel configuration (MEM_CNTL, or MC_CNTL of
 *	the AVIVO MCs)
 * @saved: r5xx_post_save() found the board posted
 * @count: posts done by r5xx_post()
 * @atom_rom: a copy of the video BIOS if it is an ATOM BIOS, else NULL
 *	(device-managed)
 * @atom_len: its length in bytes
 * @asic_inits: runs of the ROM's ASIC_Init that reached its end
 * @combios_rom: a copy of the video BIOS if it is not an ATOM BIOS, else
 *	NULL (device-managed); r5xx_post() runs its COMBIOS init tables
 * @combios_len: its length in bytes
 * @combios_posts: runs of the COMBIOS init tables that posted the board
 * @restores: posts that wrote the recorded registers back (no ASIC_Init or
 *	init tables, or they failed or left the board unposted)
 */
struct r5xx_post {
	u32 memsize;
	u32 spll;
	u32 sclk_cntl;
	u32 mclk_cntl;
	u32 mem_cntl;
	bool saved;
	unsigned int count;
	const u8 *atom_rom;
	size_t atom_len;
	unsigned int asic_inits;
	const u8 *combios_rom;
	size_t combios_len;
	unsigned int combios_posts;
	unsigned int restores;
};

/**
 * struct r5xx_pm - system sleep state
 * @suspended: r5xx_pm_ops suspended the GPU and has not resumed it
 * @resumes: resumes done
 */
struct r5xx_pm {
	bool suspended;
	unsigned int resumes;
};

/**
 * enum r5xx_pm_method - how the clocks are chosen (sysfs power_method)
 * @R5XX_PM_METHOD_PROFILE: by the power profile
 * @R5XX_PM_METHOD_DYNPM: down while idle, up while busy
 */
enum r5xx_pm_method {
	R5XX_PM_METHOD_PROFILE,
	R5XX_PM_METHOD_DYNPM,
};

/**
 * enum r5xx_pm_profile - sysfs power_profile
 * @R5XX_PM_PROFILE_DEFAULT: the default state
 * @R5XX_PM_PROFILE_AUTO: high on mains power, mid on battery
 * @R5XX_PM_PROFILE_LOW: the lowest state
 * @R5XX_PM_PROFILE_MID: between
 * @R5XX_PM_PROFILE_HIGH: the default state
 */
enum r5xx_pm_profile {
	R5XX_PM_PROFILE_DEFAULT,
	R5XX_PM_PROFILE_AUTO,
	R5XX_PM_PROFILE_LOW,
	R5XX_PM_PROFILE_MID,
	R5XX_PM_PROFILE_HIGH,
};

/**
 * enum r5xx_dynpm_state - dynpm's state (radeon's dynpm_state)
 * @R5XX_DYNPM_DISABLED: the profile method runs
 * @R5XX_DYNPM_MINIMUM: no CRTC lit: the lowest state
 * @R5XX_DYNPM_PAUSED: chosen, or two CRTCs lit: the default state
 * @R5XX_DYNPM_ACTIVE: one CRTC lit: the idle work reclocks
 */
enum r5xx_dynpm_state {
	R5XX_DYNPM_DISABLED,
	R5XX_DYNPM_MINIMUM,
	R5XX_DYNPM_PAUSED,
	R5XX_DYNPM_ACTIVE,
};

/**
 * enum r5xx_dynpm_action - a state change dynpm plans
 * @R5XX_DYNPM_ACTION_NONE: none
 * @R5XX_DYNPM_ACTION_MINIMUM: to the lowest state
 * @R5XX_DYNPM_ACTION_DOWNCLOCK: a state down
 * @R5XX_DYNPM_ACTION_UPCLOCK: a state up
 * @R5XX_DYNPM_ACTION_DEFAULT: to the default state
 */
enum r5xx_dynpm_action {
	R5XX_DYNPM_ACTION_NONE,
	R5XX_DYNPM_ACTION_MINIMUM,
	R5XX_DYNPM_ACTION_DOWNCLOCK,
	R5XX_DYNPM_ACTION_UPCLOCK,
	R5XX_DYNPM_ACTION_DEFAULT,
};

/**
 * struct r5xx_pm_clocks - the power states and the clocks (r5xx_pm_clocks.c)
 * @lock: protects the fields below and the clock programming
 * @table: the video BIOS's states and the default one
 * @default_sclk_khz: engine clock the BIOS posted with; no state exceeds it
 * @default_mclk_khz: memory clock likewise
 * @cur_idx: the state programmed
 * @cur_sclk_khz: engine clock programmed
 * @cur_mclk_khz: memory clock programmed
 * @method: sysfs power_method
 * @profile: sysfs power_profile
 * @dynpm_state: dynpm's state
 * @dynpm_planned: the change dynpm plans
 * @dynpm_timeout: when the planned change is made (jiffies)
 * @dynpm_can_up: a state above the current one exists
 * @dynpm_can_down: a state below it exists
 * @idle_work: dynpm's idle check, every 100 ms
 * @atom: the clocks change through the ATOM BIOS's command tables
 * @sysfs: the sysfs files exist (two or more states)
 * @suspended: a system sleep is under way
 * @changes: states programmed since probe
 */
struct r5xx_pm_clocks {
	struct mutex lock;	/* protects the fields, the clock registers */
	struct r5xx_pm_table table;
	u32 default_sclk_khz;
	u32 default_mclk_khz;
	int cur_idx;
	u32 cur_sclk_khz;
	u32 cur_mclk_khz;
	enum r5xx_pm_method method;
	enum r5xx_pm_profile profile;
	enum r5xx_dynpm_state dynpm_state;
	enum r5xx_dynpm_action dynpm_planned;
	unsigned long dynpm_timeout;
	bool dynpm_can_up;
	bool dynpm_can_down;
	struct delayed_work idle_work;
	bool atom;
	bool sysfs;
	bool suspended;
	unsigned int changes;
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
 * @fdinfo: GPU time accounting for fdinfo
 * @debugfs: debugfs results
 * @mm: TTM memory management
 * @display: KMS objects and display data
 * @post: what the video BIOS's post set, for a resume (r5xx_post.c)
 * @pm: system sleep state (r5xx_pm.c)
 * @clocks: power states and clocks (r5xx_pm_clocks.c)
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
	struct r5xx_fdinfo fdinfo;
	struct r5xx_debugfs debugfs;
	struct r5xx_mm mm;
	struct r5xx_display display;
	struct r5xx_post post;
	struct r5xx_pm pm;
	struct r5xx_pm_clocks clocks;
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

/**
 * r5xx_user_dbg - log a mistake of userspace
 * @drm: &drm_device
 * @fmt: printf() format
 * @...: its arguments
 *
 * A bad ioctl argument or command stream is the caller's error, not the
 * driver's: it is logged at debug level and rate-limited, per call site,
 * so that a misbehaving program can neither flood the log nor hide in it.
 */
#define r5xx_user_dbg(drm, fmt, ...) \
	drm_dbg_ratelimited(drm, fmt, ##__VA_ARGS__)

/* Capability predicates */
static inline bool r5xx_has_quirk(const struct r5xx_device *rdev, u32 quirk)
{
	return rdev->info->quirks & quirk;
}

static inline bool r5xx_is_avivo(const struct r5xx_device *rdev)
{
	return r5xx_has_quirk(rdev, R5XX_QUIRK_AVIVO);
}

/* a second DAC for DVI-I's analog half: the legacy TV DAC or AVIVO DAC B */
static inline bool r5xx_has_dac2(const struct r5xx_device *rdev)
{
	return rdev->info->tv_dac_pd || r5xx_is_avivo(rdev);
}

/* r5xx_device.c */
int r5xx_device_init(struct r5xx_device *rdev);
void r5xx_device_fini(struct r5xx_device *rdev);
int r5xx_hw_start(struct r5xx_device *rdev);

/* r5xx_pm.c */
extern const struct dev_pm_ops r5xx_pm_ops;
void r5xx_pm_debugfs_init(struct r5xx_device *rdev, struct dentry *root);

/* r5xx_pm_clocks.c */
void r5xx_pm_clocks_init(struct r5xx_device *rdev);
void r5xx_pm_clocks_fini(struct r5xx_device *rdev);
void r5xx_pm_clocks_suspend(struct r5xx_device *rdev);
void r5xx_pm_clocks_resume(struct r5xx_device *rdev);
void r5xx_pm_clocks_debugfs_init(struct r5xx_device *rdev, struct dentry *root);

/* r5xx_post.c */
void r5xx_post_save(struct r5xx_device *rdev);
int r5xx_post(struct r5xx_device *rdev);
int r5xx_post_atom_run(struct r5xx_device *rdev, unsigned int index, u32 *ps,
		       unsigned int ps_dwords);
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
bool r5xx_mc_has_indirect(struct r5xx_device *rdev);
bool r5xx_mc_is_uma(struct r5xx_device *rdev);
u32 r5xx_mc_rreg(struct r5xx_device *rdev, u32 reg);
void r5xx_mc_wreg(struct r5xx_device *rdev, u32 reg, u32 val);
int r5xx_mmio_init(struct r5xx_device *rdev);
int r5xx_wait_gui_idle(struct r5xx_device *rdev);
int r5xx_wait_cp_idle(struct r5xx_device *rdev);
int r5xx_wait_mc_idle(struct r5xx_device *rdev);
u32 r5xx_mc_read_fb_location(struct r5xx_device *rdev);

/* r5xx_chip.c */
extern const struct pci_device_id r5xx_pci_ids[];
const struct r5xx_chip_info *r5xx_chip_info(enum r5xx_family family);
void r5xx_chip_clocks_init(struct r5xx_device *rdev);
void r5xx_chip_pipes_init(struct r5xx_device *rdev);
u32 r5xx_chip_gb_tile_config(struct r5xx_device *rdev);
u32 r5xx_chip_num_z_pipes(struct r5xx_device *rdev);

/* r5xx_mc.c */
int r5xx_mc_init(struct r5xx_device *rdev);
void r5xx_mc_program(struct r5xx_device *rdev);

/* r5xx_gart.c */
const struct r5xx_gart_funcs *
r5xx_gart_kind_funcs(const struct r5xx_chip_info *info);
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

int r5xx_gart_ram_table_alloc(struct r5xx_device *rdev, bool uncached);
void r5xx_gart_ram_table_free(struct r5xx_device *rdev, bool uncached);
int r5xx_gart_vram_table_init(struct r5xx_device *rdev);
void r5xx_gart_vram_table_fini(struct r5xx_device *rdev);

/* r5xx_gart_pcie.c, r5xx_gart_igp.c, r5xx_gart_pci.c, r5xx_gart_rs600.c */
extern const struct r5xx_gart_funcs r5xx_gart_pcie_funcs;
extern const struct r5xx_gart_funcs r5xx_gart_igp_funcs;
bool r5xx_gart_igp_supported(const struct r5xx_chip_info *info);
extern const struct r5xx_gart_funcs r5xx_gart_pci_funcs;
extern const struct r5xx_gart_funcs r5xx_gart_rs600_funcs;

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
/* ring dwords r5xx_ib_emit() writes, at most: the resets, then the IB */
#define R5XX_IB_EMIT_DW		(2 * R5XX_CS_NUM_RESETS + 3)
int r5xx_ib_pool_init(struct r5xx_device *rdev);
void r5xx_ib_pool_fini(struct r5xx_device *rdev);
int r5xx_ib_get(struct r5xx_device *rdev, struct r5xx_ib *ib, u32 size_dw,
		struct r5xx_ib_quota *quota);
struct r5xx_ib_quota *r5xx_ib_quota_alloc(void);
void r5xx_ib_quota_put(struct r5xx_ib_quota *quota);
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
void r5xx_fence_cancel(struct r5xx_device *rdev, struct dma_fence *f,
		       int error);
u64 r5xx_fence_signalled_seq(struct r5xx_device *rdev);

/* r5xx_sched.c */
int r5xx_sched_init(struct r5xx_device *rdev);
void r5xx_sched_fini(struct r5xx_device *rdev);
void r5xx_sched_suspend(struct r5xx_device *rdev);
void r5xx_sched_resume(struct r5xx_device *rdev);
int r5xx_sched_file_open(struct r5xx_device *rdev, struct r5xx_file *file);
void r5xx_sched_file_close(struct r5xx_file *file);
struct r5xx_job *r5xx_job_create(struct r5xx_device *rdev,
				 struct drm_sched_entity *entity, u32 ib_dw,
				 struct r5xx_ib_quota *quota, u64 client_id);
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
int r5xx_ttm_evict_vram(struct r5xx_device *rdev);
void r5xx_bo_placement(struct r5xx_bo *bo, u32 domain);
int r5xx_bo_validate_domain(struct r5xx_bo *bo, u32 domain,
			    bool interruptible);
int r5xx_bo_create(struct r5xx_device *rdev, const struct r5xx_bo_param *bp,
		   struct r5xx_bo **out);
u64 r5xx_bo_gpu_offset(struct r5xx_bo *bo);
int r5xx_gem_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma);
int r5xx_ttm_tt_set_userptr(struct r5xx_bo *bo, unsigned long addr,
			    u32 flags);
bool r5xx_bo_userptr_owned(struct r5xx_bo *bo);
struct r5xx_userptr *r5xx_bo_userptr(struct r5xx_bo *bo);

/* r5xx_userptr.c */
int r5xx_userptr_pin(struct r5xx_device *rdev, struct r5xx_userptr *up,
		     struct ttm_tt *ttm);
void r5xx_userptr_unpin(struct r5xx_device *rdev, struct r5xx_userptr *up,
			struct ttm_tt *ttm);
int r5xx_userptr_validate(struct r5xx_bo *bo);
bool r5xx_userptr_current(struct r5xx_bo *bo);
void r5xx_userptr_flush_release(struct r5xx_bo *bo);
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
void r5xx_cs_file_fini(struct r5xx_file *rfile);

/* r5xx_fdinfo.c */
void r5xx_fdinfo_init(struct r5xx_device *rdev);
struct r5xx_fdinfo_client *r5xx_fdinfo_client_alloc(void);
void r5xx_fdinfo_client_put(struct r5xx_fdinfo_client *client);
void r5xx_fdinfo_job_attach(struct r5xx_job *job,
			    struct r5xx_fdinfo_client *client);
void r5xx_fdinfo_job_run(struct r5xx_job *job, struct dma_fence *fence);
void r5xx_fdinfo_job_fini(struct r5xx_job *job);
void r5xx_fdinfo_show(struct drm_printer *p, struct drm_file *file);
void r5xx_fdinfo_show_file(struct seq_file *m, struct file *f);

/* r5xx_info.c */
int r5xx_ioctl_info(struct drm_device *drm, void *data, struct drm_file *file);
void r5xx_info_file_close(struct r5xx_device *rdev, struct drm_file *file);

/* r5xx_surface.c */
int r5xx_surface_get(struct r5xx_bo *bo);
void r5xx_surface_move_notify(struct r5xx_bo *bo);

/* r5xx_kms.c */
int r5xx_kms_init(struct r5xx_device *rdev);
void r5xx_kms_register(struct r5xx_device *rdev);
void r5xx_kms_fini(struct r5xx_device *rdev);
int r5xx_kms_suspend(struct r5xx_device *rdev);
int r5xx_kms_resume(struct r5xx_device *rdev);
int r5xx_crtc_create(struct r5xx_device *rdev, unsigned int id,
		     const struct r5xx_crtc_kind *kind);
int r5xx_crtc_atomic_check(struct drm_crtc *crtc,
			   struct drm_atomic_commit *state);
int r5xx_cursor_atomic_async_check(struct drm_plane *plane,
				   struct drm_atomic_commit *state, bool flip);
R5XX_DECLARE_ATOMIC_ASYNC_CHECK(r5xx_cursor_atomic_async_check)
struct drm_plane_state *r5xx_cursor_async_take(struct drm_plane *plane,
					       struct drm_atomic_commit *state);
void r5xx_crtc_arm_event(struct drm_crtc *crtc, struct drm_crtc_state *cs);
void r5xx_crtc_off_event(struct drm_crtc *crtc);
int r5xx_plane_prepare_fb(struct drm_plane *plane,
			  struct drm_plane_state *state);
void r5xx_plane_cleanup_fb(struct drm_plane *plane,
			   struct drm_plane_state *state);
int r5xx_primary_atomic_check(struct drm_plane *plane,
			      struct drm_atomic_commit *state);
int r5xx_cursor_atomic_check(struct drm_plane *plane,
			     struct drm_atomic_commit *state);
void r5xx_display_vblank_irq(struct r5xx_device *rdev, unsigned int id);
bool r5xx_display_vblank_poll_start(struct r5xx_device *rdev);
void r5xx_display_vblank_poll_stop(struct r5xx_device *rdev);
struct r5xx_rgb10 r5xx_gamma_entry(const struct drm_color_lut *lut,
				   unsigned int i);
void r5xx_cursor_place(const struct drm_plane_state *ps,
		       struct r5xx_cursor_place *place);

/* r5xx_display_legacy.c */
int r5xx_crtc_init(struct r5xx_device *rdev, unsigned int id);
int r5xx_pll_compute(const struct r5xx_pll_limits *lim, u32 khz,
		     struct r5xx_pll_div *div);
enum drm_mode_status r5xx_crtc_mode_limits(struct r5xx_device *rdev,
					   const struct drm_display_mode *mode);

/* r5xx_display_avivo.c */
int r5xx_avivo_crtc_init(struct r5xx_device *rdev, unsigned int id);
enum drm_mode_status r5xx_avivo_mode_limits(struct r5xx_device *rdev,
					    const struct drm_display_mode *mode);

/* r5xx_connector.c */
int r5xx_outputs_init(struct r5xx_device *rdev);

/* r5xx_dac2.c */
bool r5xx_dac2_load_detect(struct r5xx_device *rdev);
void r5xx_dac2_enable(struct r5xx_device *rdev, unsigned int crtc);
void r5xx_dac2_disable(struct r5xx_device *rdev);
int r5xx_panel_output_init(struct r5xx_device *rdev,
			   struct r5xx_output_dev *out, struct i2c_adapter *ddc);
void r5xx_display_hotplug_irq(struct r5xx_device *rdev);

/* r5xx_i2c.c */
int r5xx_i2c_init(struct r5xx_device *rdev);
void r5xx_i2c_fini(struct r5xx_device *rdev);

/* r5xx_bios.c */
u8 *r5xx_bios_fetch_rom(struct r5xx_device *rdev, size_t *len);
void r5xx_bios_display_info(struct r5xx_device *rdev);

/* r5xx_irq.c: display sources */
void r5xx_irq_set_display(struct r5xx_device *rdev, u32 mask, bool on);

/* r5xx_debugfs.c */
#if defined(CONFIG_DEBUG_FS)
void r5xx_debugfs_init(struct drm_minor *minor);
#endif

#endif /* __R5XX_DRV_H__ */
