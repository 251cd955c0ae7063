// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/firmware.h>
#include <linux/log2.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: command processor
 *
 * The CP runs microcode from its 256-word microengine RAM. Each word is 40
 * bits wide; linux-firmware's radeon/<family>_cp.bin files hold them as
 * big-endian (high, low) pairs of 32-bit values, 2048 bytes in all. The
 * high value goes to CP_ME_RAM_DATAH (bits 39:32), the low one to
 * CP_ME_RAM_DATAL, which writes the word and advances CP_ME_RAM_ADDR
 * (guide 5.12). After loading, the words are read back through
 * CP_ME_RAM_RADDR, DATAH and DATAL (guide 5.13) and compared.
 *
 * r5xx_cp_start() programs the ring as r100_cp_init does:
 *
 * - RB_BUFSZ = log2(ring size in quadwords); RB_BLKSZ = 9, so the CP
 *   writes its read pointer back after every 512 quadwords and whenever
 *   the ring runs empty; MAX_FETCH = 1 (64-byte fetches);
 * - the read pointer goes to CP_RB_RPTR_ADDR, the scratch registers to
 *   SCRATCH_ADDR (masked by SCRATCH_UMSK), both in the writeback page;
 * - CP_RB_WPTR_DELAY = 0: no PRE_WRITE_TIMER and no PRE_WRITE_LIMIT
 *   ("behave like Rage128", guide 5.5). The delay exists for chipsets that
 *   could let the CP read the ring before the CPU's writes landed in
 *   memory. The ring is cache-coherent, snooped memory and the driver
 *   orders its ring writes before the CP_RB_WPTR write with a full memory
 *   barrier, so no delay is needed. Upstream radeon ends up with the same
 *   value (it writes 64 first, then 0);
 * - the command queue split of the driver's comment in r100_cp_init: ring
 *   cache 0-15, IB1 16-79, IB2 80-95 (each at least twice MAX_FETCH, as the
 *   register reference asks). Upstream overwrites it with a legacy 0x4D4D
 *   whose IB1 share is empty; r5xx does not;
 * - both the primary and the indirect streams bus-mastered (PRIBM_INDBM).
 *
 * r5xx_cp_reset() is the clean soft reset of guide 5.8: disable the queue,
 * pulse RBBM_SOFT_RESET.SOFT_RESET_CP, then make the ring look empty with
 * the read pointer at 0.
 */

#define R5XX_CP_UCODE_WORDS	256
#define R5XX_CP_UCODE_SIZE	(R5XX_CP_UCODE_WORDS * 2 * sizeof(u32))
#define R5XX_CP_RB_BLKSZ	9
#define R5XX_CP_MAX_FETCH	1
#define R5XX_CP_IB1_START	16
#define R5XX_CP_IB2_START	80

/**
 * r5xx_cp_init - request and check the CP microcode
 * @rdev: device
 *
 * Return: 0, or a negative errno after one error message.
 */
int r5xx_cp_init(struct r5xx_device *rdev)
{
	const char *name = rdev->info->firmware;
	int ret;

	ret = firmware_request_nowarn(&rdev->fw, name, rdev->drm.dev);
	if (ret) {
		drm_err(&rdev->drm,
			"cannot load CP microcode %s (%d); it comes with linux-firmware\n",
			name, ret);
		return ret;
	}
	if (rdev->fw->size != R5XX_CP_UCODE_SIZE) {
		drm_err(&rdev->drm,
			"CP microcode %s has %zu bytes, expected %zu\n",
			name, rdev->fw->size, R5XX_CP_UCODE_SIZE);
		release_firmware(rdev->fw);
		rdev->fw = NULL;
		return -EINVAL;
	}
	return 0;
}

/**
 * r5xx_cp_fini - release the CP microcode
 * @rdev: device
 */
void r5xx_cp_fini(struct r5xx_device *rdev)
{
	release_firmware(rdev->fw);
	rdev->fw = NULL;
}

static void r5xx_cp_ucode_word(struct r5xx_device *rdev, unsigned int i,
			       u32 *hi, u32 *lo)
{
	const __be32 *data = (const __be32 *)rdev->fw->data;

	*hi = FIELD_GET(R5XX_CP_ME_RAM_DATAH_ME_RAM_DATAH,
			be32_to_cpu(data[2 * i]));
	*lo = be32_to_cpu(data[2 * i + 1]);
}

/**
 * r5xx_cp_verify_microcode - compare the microengine RAM with the file
 * @rdev: device
 *
 * Sets &r5xx_device.ucode_ok.
 *
 * Return: 0 if every word matches, -EIO otherwise.
 */
int r5xx_cp_verify_microcode(struct r5xx_device *rdev)
{
	unsigned int i, bad = 0, first = 0;
	u32 hi, lo, rhi, rlo, fhi = 0, flo = 0, frhi = 0, frlo = 0;

	r5xx_wreg(rdev, R5XX_CP_ME_RAM_RADDR, 0);
	for (i = 0; i < R5XX_CP_UCODE_WORDS; i++) {
		r5xx_cp_ucode_word(rdev, i, &hi, &lo);
		rhi = FIELD_GET(R5XX_CP_ME_RAM_DATAH_ME_RAM_DATAH,
				r5xx_rreg(rdev, R5XX_CP_ME_RAM_DATAH));
		rlo = r5xx_rreg(rdev, R5XX_CP_ME_RAM_DATAL);
		if (hi == rhi && lo == rlo)
			continue;
		if (!bad++) {
			first = i;
			fhi = hi;
			flo = lo;
			frhi = rhi;
			frlo = rlo;
		}
	}
	rdev->ucode_ok = !bad;
	if (!bad)
		return 0;
	drm_err(&rdev->drm,
		"CP microcode read-back: %u of %u words differ, first %u (wrote %02x:%08x, read %02x:%08x)\n",
		bad, R5XX_CP_UCODE_WORDS, first, fhi, flo, frhi, frlo);
	return -EIO;
}

/**
 * r5xx_cp_load_microcode - write the microcode into the microengine RAM
 * @rdev: device
 *
 * Return: 0, or -EIO if the read-back does not match.
 */
int r5xx_cp_load_microcode(struct r5xx_device *rdev)
{
	unsigned int i;
	u32 hi, lo;

	if (r5xx_wait_gui_idle(rdev))
		drm_warn(&rdev->drm, "GUI not idle before loading microcode\n");

	r5xx_wreg(rdev, R5XX_CP_ME_RAM_ADDR, 0);
	for (i = 0; i < R5XX_CP_UCODE_WORDS; i++) {
		r5xx_cp_ucode_word(rdev, i, &hi, &lo);
		r5xx_wreg(rdev, R5XX_CP_ME_RAM_DATAH, hi);
		r5xx_wreg(rdev, R5XX_CP_ME_RAM_DATAL, lo);
	}
	return r5xx_cp_verify_microcode(rdev);
}

static u32 r5xx_cp_rb_cntl(struct r5xx_device *rdev)
{
	u32 cntl;

	cntl = FIELD_PREP(R5XX_CP_RB_CNTL_RB_BUFSZ, rdev->ring.rb_bufsz) |
	       FIELD_PREP(R5XX_CP_RB_CNTL_RB_BLKSZ, R5XX_CP_RB_BLKSZ) |
	       FIELD_PREP(R5XX_CP_RB_CNTL_MAX_FETCH, R5XX_CP_MAX_FETCH);
#ifdef __BIG_ENDIAN
	cntl |= R5XX_CP_RB_CNTL_BUF_SWAP_SWAP_32BIT;
#endif
	if (!rdev->ring.wb_enabled)
		cntl |= R5XX_CP_RB_CNTL_RB_NO_UPDATE;
	return cntl;
}

/**
 * r5xx_cp_start - program the ring registers and start the CP
 * @rdev: device
 *
 * The microcode must be loaded. The ring is empty afterwards, with both
 * pointers at 0.
 */
void r5xx_cp_start(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;
	u32 cntl = r5xx_cp_rb_cntl(rdev);

	r5xx_wreg(rdev, R5XX_CP_RB_WPTR_DELAY, 0);
	r5xx_wreg(rdev, R5XX_CP_RB_CNTL, cntl | R5XX_CP_RB_CNTL_RB_NO_UPDATE);
	r5xx_wreg(rdev, R5XX_CP_RB_BASE, ring->buf.gpu_addr);

	/* force both pointers to 0 */
	r5xx_wreg(rdev, R5XX_CP_RB_CNTL, cntl | R5XX_CP_RB_CNTL_RB_NO_UPDATE |
		  R5XX_CP_RB_CNTL_RB_RPTR_WR_ENA);
	r5xx_wreg(rdev, R5XX_CP_RB_RPTR_WR, 0);
	ring->wptr = 0;
	r5xx_wreg(rdev, R5XX_CP_RB_WPTR, 0);

	r5xx_wreg(rdev, R5XX_CP_RB_RPTR_ADDR,
		  FIELD_PREP(R5XX_CP_RB_RPTR_ADDR_RB_RPTR_ADDR,
			     (ring->wb.gpu_addr + R5XX_WB_RPTR_OFFSET) >> 2));
	r5xx_wreg(rdev, R5XX_SCRATCH_ADDR,
		  ring->wb.gpu_addr + R5XX_WB_SCRATCH_OFFSET);
	r5xx_wreg(rdev, R5XX_SCRATCH_UMSK,
		  ring->wb_enabled ? R5XX_SCRATCH_UMSK_SCRATCH_UMSK : 0);

	r5xx_wreg(rdev, R5XX_CP_RB_CNTL, cntl);
	usleep_range(10, 20);

	r5xx_wreg(rdev, R5XX_CP_CSQ_MODE,
		  FIELD_PREP(R5XX_CP_CSQ_MODE_INDIRECT2_START,
			     R5XX_CP_IB2_START) |
		  FIELD_PREP(R5XX_CP_CSQ_MODE_INDIRECT1_START,
			     R5XX_CP_IB1_START));
	r5xx_wreg(rdev, R5XX_CP_CSQ_CNTL, R5XX_CP_CSQ_CNTL_CSQ_MODE_PRIBM_INDBM);

	pci_set_master(rdev->pdev);
}

/**
 * r5xx_cp_stop - stop fetching from the ring
 * @rdev: device
 *
 * Waits for the command stream to drain, then disables the queue and the
 * scratch writeback (r100_cp_fini, r100_cp_disable).
 */
void r5xx_cp_stop(struct r5xx_device *rdev)
{
	rdev->ring.ready = false;
	if (r5xx_wait_cp_idle(rdev))
		drm_warn(&rdev->drm, "CP not idle, stopping it anyway\n");
	r5xx_wreg(rdev, R5XX_CP_CSQ_MODE, 0);
	r5xx_wreg(rdev, R5XX_CP_CSQ_CNTL, 0);
	r5xx_wreg(rdev, R5XX_SCRATCH_UMSK, 0);
	if (r5xx_wait_gui_idle(rdev))
		drm_warn(&rdev->drm, "GUI not idle after stopping the CP\n");
}

/**
 * r5xx_cp_reset - soft reset the CP, leaving an empty ring (guide 5.8)
 * @rdev: device
 *
 * Sleeps for about half a second (r5xx_soft_reset_pulse()).
 */
void r5xx_cp_reset(struct r5xx_device *rdev)
{
	u32 cntl;

	rdev->ring.ready = false;
	r5xx_wreg(rdev, R5XX_CP_CSQ_CNTL, 0);
	r5xx_wreg(rdev, R5XX_CP_CSQ_MODE, 0);

	r5xx_soft_reset_pulse(rdev, R5XX_RBBM_SOFT_RESET_SOFT_RESET_CP);

	cntl = r5xx_rreg(rdev, R5XX_CP_RB_CNTL);
	r5xx_wreg(rdev, R5XX_CP_RB_CNTL, cntl | R5XX_CP_RB_CNTL_RB_RPTR_WR_ENA);
	r5xx_wreg(rdev, R5XX_CP_RB_RPTR_WR, 0);
	r5xx_wreg(rdev, R5XX_CP_RB_WPTR, 0);
	r5xx_wreg(rdev, R5XX_CP_RB_CNTL, cntl & ~R5XX_CP_RB_CNTL_RB_RPTR_WR_ENA);
	rdev->ring.wptr = 0;
}

/**
 * r5xx_cp_writeback_disable - fall back to MMIO reads of rptr and scratch
 * @rdev: device
 */
void r5xx_cp_writeback_disable(struct r5xx_device *rdev)
{
	rdev->ring.wb_enabled = false;
	r5xx_wreg_mask(rdev, R5XX_CP_RB_CNTL, R5XX_CP_RB_CNTL_RB_NO_UPDATE,
		       R5XX_CP_RB_CNTL_RB_NO_UPDATE);
	r5xx_wreg(rdev, R5XX_SCRATCH_UMSK, 0);
}

/**
 * r5xx_cp_restore_sanity - stop a CP left running by a previous driver
 * @rdev: device
 *
 * As r100_restore_sanity: clear the queue mode, the ring control and the
 * scratch writeback mask, so that nothing DMAs into memory we do not own.
 */
void r5xx_cp_restore_sanity(struct r5xx_device *rdev)
{
	if (r5xx_rreg(rdev, R5XX_CP_CSQ_CNTL))
		r5xx_wreg(rdev, R5XX_CP_CSQ_CNTL, 0);
	if (r5xx_rreg(rdev, R5XX_CP_RB_CNTL))
		r5xx_wreg(rdev, R5XX_CP_RB_CNTL, 0);
	if (r5xx_rreg(rdev, R5XX_SCRATCH_UMSK))
		r5xx_wreg(rdev, R5XX_SCRATCH_UMSK, 0);
}
