// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/module.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: chips
 *
 * Every R3xx, R4xx and R5xx device ID upstream radeon claims (205 IDs,
 * include/drm/drm_pciids.h) is listed in &r5xx_pci_ids, sorted by device ID.
 * The &pci_device_id.driver_data of an entry carries the family and the
 * per-board flags %R5XX_ID_MOBILITY and %R5XX_ID_ONE_PIPE.
 *
 * What differs between families is data: one &struct r5xx_chip_info row per
 * family gives the CP microcode file, the GART, MC, interrupt and clock
 * kinds, the quad pipe count and the quirks. Code asks the row rather than
 * comparing family names.
 *
 * Four GART kinds are implemented (r5xx_gart_kind_funcs()): the rv370
 * PCIE GART, the IGP GART (behind the RS400/RS480 north-bridge MC and the
 * RS690/RS740 MC), the legacy PCI GART of the AGP boards (R300, R350,
 * RV350 and R420, run as PCI cards) and the RS600 page table unit.
 */

#define R5XX_ID(dev, fam, flags) \
	{ PCI_VDEVICE(ATI, dev), .driver_data = R5XX_FAMILY_##fam | (flags) }

const struct pci_device_id r5xx_pci_ids[] = {
	R5XX_ID(0x3150, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x3151, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x3152, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x3154, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x3155, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x3e50, RV380, 0),
	R5XX_ID(0x3e54, RV380, 0),
	R5XX_ID(0x4144, R300, R5XX_ID_ONE_PIPE),
	R5XX_ID(0x4145, R300, 0),
	R5XX_ID(0x4146, R300, 0),
	R5XX_ID(0x4147, R300, 0),
	R5XX_ID(0x4148, R350, R5XX_ID_ONE_PIPE),
	R5XX_ID(0x4149, R350, 0),
	R5XX_ID(0x414a, R350, 0),
	R5XX_ID(0x414b, R350, 0),
	R5XX_ID(0x4150, RV350, 0),
	R5XX_ID(0x4151, RV350, 0),
	R5XX_ID(0x4152, RV350, 0),
	R5XX_ID(0x4153, RV350, 0),
	R5XX_ID(0x4154, RV350, 0),
	R5XX_ID(0x4155, RV350, 0),
	R5XX_ID(0x4156, RV350, 0),
	R5XX_ID(0x4a48, R420, 0),
	R5XX_ID(0x4a49, R420, 0),
	R5XX_ID(0x4a4a, R420, 0),
	R5XX_ID(0x4a4b, R420, 0),
	R5XX_ID(0x4a4c, R420, 0),
	R5XX_ID(0x4a4d, R420, 0),
	R5XX_ID(0x4a4e, R420, R5XX_ID_MOBILITY),
	R5XX_ID(0x4a4f, R420, 0),
	R5XX_ID(0x4a50, R420, 0),
	R5XX_ID(0x4a54, R420, 0),
	R5XX_ID(0x4b48, R420, 0),
	R5XX_ID(0x4b49, R420, 0),
	R5XX_ID(0x4b4a, R420, 0),
	R5XX_ID(0x4b4b, R420, 0),
	R5XX_ID(0x4b4c, R420, 0),
	R5XX_ID(0x4e44, R300, 0),
	R5XX_ID(0x4e45, R300, 0),
	R5XX_ID(0x4e46, R300, 0),
	R5XX_ID(0x4e47, R300, 0),
	R5XX_ID(0x4e48, R350, 0),
	R5XX_ID(0x4e49, R350, 0),
	R5XX_ID(0x4e4a, R350, 0),
	R5XX_ID(0x4e4b, R350, 0),
	R5XX_ID(0x4e50, RV350, R5XX_ID_MOBILITY),
	R5XX_ID(0x4e51, RV350, R5XX_ID_MOBILITY),
	R5XX_ID(0x4e52, RV350, R5XX_ID_MOBILITY),
	R5XX_ID(0x4e53, RV350, R5XX_ID_MOBILITY),
	R5XX_ID(0x4e54, RV350, R5XX_ID_MOBILITY),
	R5XX_ID(0x4e56, RV350, R5XX_ID_MOBILITY),
	R5XX_ID(0x5460, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x5462, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x5464, RV380, R5XX_ID_MOBILITY),
	R5XX_ID(0x5548, R423, 0),
	R5XX_ID(0x5549, R423, 0),
	R5XX_ID(0x554a, R423, 0),
	R5XX_ID(0x554b, R423, 0),
	R5XX_ID(0x554c, R423, 0),
	R5XX_ID(0x554d, R423, 0),
	R5XX_ID(0x554e, R423, 0),
	R5XX_ID(0x554f, R423, 0),
	R5XX_ID(0x5550, R423, 0),
	R5XX_ID(0x5551, R423, 0),
	R5XX_ID(0x5552, R423, 0),
	R5XX_ID(0x5554, R423, 0),
	R5XX_ID(0x564a, RV410, R5XX_ID_MOBILITY),
	R5XX_ID(0x564b, RV410, R5XX_ID_MOBILITY),
	R5XX_ID(0x564f, RV410, R5XX_ID_MOBILITY),
	R5XX_ID(0x5652, RV410, R5XX_ID_MOBILITY),
	R5XX_ID(0x5653, RV410, R5XX_ID_MOBILITY),
	R5XX_ID(0x5657, RV410, 0),
	R5XX_ID(0x5954, RS480, R5XX_ID_MOBILITY),
	R5XX_ID(0x5955, RS480, R5XX_ID_MOBILITY),
	R5XX_ID(0x5974, RS480, R5XX_ID_MOBILITY),
	R5XX_ID(0x5975, RS480, R5XX_ID_MOBILITY),
	R5XX_ID(0x5a41, RS400, 0),
	R5XX_ID(0x5a42, RS400, R5XX_ID_MOBILITY),
	R5XX_ID(0x5a61, RS400, 0),
	R5XX_ID(0x5a62, RS400, R5XX_ID_MOBILITY),
	R5XX_ID(0x5b60, RV380, 0),
	R5XX_ID(0x5b62, RV380, 0),
	R5XX_ID(0x5b63, RV380, 0),
	R5XX_ID(0x5b64, RV380, 0),
	R5XX_ID(0x5b65, RV380, 0),
	R5XX_ID(0x5d48, R423, R5XX_ID_MOBILITY),
	R5XX_ID(0x5d49, R423, R5XX_ID_MOBILITY),
	R5XX_ID(0x5d4a, R423, R5XX_ID_MOBILITY),
	R5XX_ID(0x5d4c, R423, 0),
	R5XX_ID(0x5d4d, R423, 0),
	R5XX_ID(0x5d4e, R423, 0),
	R5XX_ID(0x5d4f, R423, 0),
	R5XX_ID(0x5d50, R423, 0),
	R5XX_ID(0x5d52, R423, 0),
	R5XX_ID(0x5d57, R423, 0),
	R5XX_ID(0x5e48, RV410, 0),
	R5XX_ID(0x5e4a, RV410, 0),
	R5XX_ID(0x5e4b, RV410, 0),
	R5XX_ID(0x5e4c, RV410, R5XX_ID_ONE_PIPE),
	R5XX_ID(0x5e4d, RV410, 0),
	R5XX_ID(0x5e4f, RV410, R5XX_ID_ONE_PIPE),
	R5XX_ID(0x7100, R520, 0),
	R5XX_ID(0x7101, R520, R5XX_ID_MOBILITY),
	R5XX_ID(0x7102, R520, R5XX_ID_MOBILITY),
	R5XX_ID(0x7103, R520, R5XX_ID_MOBILITY),
	R5XX_ID(0x7104, R520, 0),
	R5XX_ID(0x7105, R520, 0),
	R5XX_ID(0x7106, R520, R5XX_ID_MOBILITY),
	R5XX_ID(0x7108, R520, 0),
	R5XX_ID(0x7109, R520, 0),
	R5XX_ID(0x710a, R520, 0),
	R5XX_ID(0x710b, R520, 0),
	R5XX_ID(0x710c, R520, 0),
	R5XX_ID(0x710e, R520, 0),
	R5XX_ID(0x710f, R520, 0),
	R5XX_ID(0x7140, RV515, 0),
	R5XX_ID(0x7141, RV515, 0),
	R5XX_ID(0x7142, RV515, 0),
	R5XX_ID(0x7143, RV515, 0),
	R5XX_ID(0x7144, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x7145, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x7146, RV515, 0),
	R5XX_ID(0x7147, RV515, 0),
	R5XX_ID(0x7149, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x714a, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x714b, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x714c, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x714d, RV515, 0),
	R5XX_ID(0x714e, RV515, 0),
	R5XX_ID(0x714f, RV515, 0),
	R5XX_ID(0x7151, RV515, 0),
	R5XX_ID(0x7152, RV515, 0),
	R5XX_ID(0x7153, RV515, 0),
	R5XX_ID(0x715e, RV515, 0),
	R5XX_ID(0x715f, RV515, 0),
	R5XX_ID(0x7180, RV515, 0),
	R5XX_ID(0x7181, RV515, 0),
	R5XX_ID(0x7183, RV515, 0),
	R5XX_ID(0x7186, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x7187, RV515, 0),
	R5XX_ID(0x7188, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x718a, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x718b, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x718c, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x718d, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x718f, RV515, 0),
	R5XX_ID(0x7193, RV515, 0),
	R5XX_ID(0x7196, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x719b, RV515, 0),
	R5XX_ID(0x719f, RV515, 0),
	R5XX_ID(0x71c0, RV530, 0),
	R5XX_ID(0x71c1, RV530, 0),
	R5XX_ID(0x71c2, RV530, 0),
	R5XX_ID(0x71c3, RV530, 0),
	R5XX_ID(0x71c4, RV530, R5XX_ID_MOBILITY),
	R5XX_ID(0x71c5, RV530, R5XX_ID_MOBILITY),
	R5XX_ID(0x71c6, RV530, 0),
	R5XX_ID(0x71c7, RV530, 0),
	R5XX_ID(0x71cd, RV530, 0),
	R5XX_ID(0x71ce, RV530, 0),
	R5XX_ID(0x71d2, RV530, 0),
	R5XX_ID(0x71d4, RV530, R5XX_ID_MOBILITY),
	R5XX_ID(0x71d5, RV530, R5XX_ID_MOBILITY),
	R5XX_ID(0x71d6, RV530, R5XX_ID_MOBILITY),
	R5XX_ID(0x71da, RV530, 0),
	R5XX_ID(0x71de, RV530, R5XX_ID_MOBILITY),
	R5XX_ID(0x7200, RV515, 0),
	R5XX_ID(0x7210, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x7211, RV515, R5XX_ID_MOBILITY),
	R5XX_ID(0x7240, R580, 0),
	R5XX_ID(0x7243, R580, 0),
	R5XX_ID(0x7244, R580, 0),
	R5XX_ID(0x7245, R580, 0),
	R5XX_ID(0x7246, R580, 0),
	R5XX_ID(0x7247, R580, 0),
	R5XX_ID(0x7248, R580, 0),
	R5XX_ID(0x7249, R580, 0),
	R5XX_ID(0x724a, R580, 0),
	R5XX_ID(0x724b, R580, 0),
	R5XX_ID(0x724c, R580, 0),
	R5XX_ID(0x724d, R580, 0),
	R5XX_ID(0x724e, R580, 0),
	R5XX_ID(0x724f, R580, 0),
	R5XX_ID(0x7280, RV570, 0),
	R5XX_ID(0x7281, RV560, 0),
	R5XX_ID(0x7283, RV560, 0),
	R5XX_ID(0x7284, R580, R5XX_ID_MOBILITY),
	R5XX_ID(0x7287, RV560, 0),
	R5XX_ID(0x7288, RV570, 0),
	R5XX_ID(0x7289, RV570, 0),
	R5XX_ID(0x728b, RV570, 0),
	R5XX_ID(0x728c, RV570, 0),
	R5XX_ID(0x7290, RV560, 0),
	R5XX_ID(0x7291, RV560, 0),
	R5XX_ID(0x7293, RV560, 0),
	R5XX_ID(0x7297, RV560, 0),
	R5XX_ID(0x791e, RS690, 0),
	R5XX_ID(0x791f, RS690, 0),
	R5XX_ID(0x793f, RS600, 0),
	R5XX_ID(0x7941, RS600, 0),
	R5XX_ID(0x7942, RS600, 0),
	R5XX_ID(0x796c, RS740, 0),
	R5XX_ID(0x796d, RS740, 0),
	R5XX_ID(0x796e, RS740, 0),
	R5XX_ID(0x796f, RS740, 0),
	{ }
};
MODULE_DEVICE_TABLE(pci, r5xx_pci_ids);

#define FW_R300		"radeon/R300_cp.bin"
#define FW_R420		"radeon/R420_cp.bin"
#define FW_R520		"radeon/R520_cp.bin"
#define FW_RS600	"radeon/RS600_cp.bin"
#define FW_RS690	"radeon/RS690_cp.bin"

MODULE_FIRMWARE(FW_R300);
MODULE_FIRMWARE(FW_R420);
MODULE_FIRMWARE(FW_R520);
MODULE_FIRMWARE(FW_RS600);
MODULE_FIRMWARE(FW_RS690);

/* TV_DAC_CNTL's R, G and B power-down bits (radeon_reg.h) */
#define TV_DAC_PD_R300	(R5XX_TV_DAC_CNTL_TV_DAC_RDACPD |		\
			 R5XX_TV_DAC_CNTL_TV_DAC_GDACPD |		\
			 R5XX_TV_DAC_CNTL_TV_DAC_BDACPD)
#define TV_DAC_PD_R420	(TV_DAC_PD_R300 << 1)

/* R300 to R4xx (not the IGPs): high display priority */
#define R3XX_ROW(nm, grp, fw, gartk, pipes_, q, bwm, bwf) {		\
	.name = nm, .group = grp, .firmware = fw, .gart = gartk,	\
	.mc = R5XX_MC_R300, .irq = R5XX_IRQ_R100,			\
	.clocks = R5XX_CLK_R300, .pipes = pipes_,			\
	.pcie_index_mask = 0xff,					\
	.quirks = R5XX_QUIRK_DISP_PRIORITY_HIGH | (q),			\
	.bw_mem = bwm, .bw_flags = bwf, .tv_dac_pd = TV_DAC_PD_R300 }

/* RS400/RS480: R300-class engine behind the north-bridge MC and IGP GART */
#define RS4XX_ROW(nm, bwm) {						\
	.name = nm, .group = "RS4xx", .firmware = FW_R300,		\
	.gart = R5XX_GART_IGP, .mc = R5XX_MC_RS400, .irq = R5XX_IRQ_R100, \
	.clocks = R5XX_CLK_R300, .msi_rearm = R5XX_MSI_REARM_AIC_CNTL,	\
	.pipes = 1, .pcie_index_mask = 0, .quirks = 0, .bw_mem = bwm,	\
	.tv_dac_pd = TV_DAC_PD_R300 }

#define R4XX_ROW(nm, gartk, q) {					\
	.name = nm, .group = "R4xx", .firmware = FW_R420,		\
	.gart = gartk, .mc = R5XX_MC_R420, .irq = R5XX_IRQ_R100,	\
	.clocks = R5XX_CLK_R420, .pipes = 0, .pcie_index_mask = 0xff,	\
	.quirks = R5XX_QUIRK_CP_RESYNC | R5XX_QUIRK_DISP_PRIORITY_HIGH |	\
		  R5XX_QUIRK_PM_MID_STATE1 | (q),			\
	.bw_mem = R5XX_BW_MEM_R420, .tv_dac_pd = TV_DAC_PD_R420 }

#define RS6XX_ROW(nm, fw, gartk, mck, q, bwa) {			\
	.name = nm, .group = "RS6xx", .firmware = fw, .gart = gartk,	\
	.mc = mck, .irq = R5XX_IRQ_RS600, .clocks = R5XX_CLK_RV515,	\
	.msi_rearm = R5XX_MSI_REARM_BUS_CNTL,				\
	.pipes = 0, .pcie_index_mask = 0xff,				\
	.quirks = R5XX_QUIRK_AVIVO | R5XX_QUIRK_RESET_MC |		\
		  R5XX_QUIRK_PM_MID_STATE1 | (q),			\
	.bw_avivo = bwa }

#define R5XX_ROW(nm, mck, q) {						\
	.name = nm, .group = "R5xx", .firmware = FW_R520,		\
	.gart = R5XX_GART_PCIE, .mc = mck, .irq = R5XX_IRQ_RS600,	\
	.clocks = R5XX_CLK_RV515, .pipes = 0, .pcie_index_mask = 0x7ff,	\
	.quirks = R5XX_QUIRK_AVIVO | R5XX_QUIRK_RESET_MC |		\
		  R5XX_QUIRK_RV515_RING | R5XX_QUIRK_PLL_PIPE_CONFIG |	\
		  R5XX_QUIRK_PM_MID_STATE1 | (q) }

/*
 * MSI: none before RV380, none on RV515 (it loses re-arms and locks up),
 * none on the RS400/RS480/RS600/RS740 IGPs (radeon_irq_kms.c:radeon_msi_ok).
 */
static const struct r5xx_chip_info r5xx_chips[R5XX_FAMILY_COUNT] = {
	/* AGP-era chips: the PCI GART, bus mastering under BUS_CNTL */
	[R5XX_FAMILY_R300] = R3XX_ROW("R300", "R3xx", FW_R300, R5XX_GART_PCI, 2,
				      R5XX_QUIRK_BUS_CNTL_BM, R5XX_BW_MEM_R300,
				      R5XX_BW_LEGACY_CRIT_NONZERO),
	[R5XX_FAMILY_R350] = R3XX_ROW("R350", "R3xx", FW_R300, R5XX_GART_PCI, 2,
				      R5XX_QUIRK_BUS_CNTL_BM, R5XX_BW_MEM_R300,
				      R5XX_BW_LEGACY_START_LOW),
	[R5XX_FAMILY_RV350] = R3XX_ROW("RV350", "R3xx", FW_R300, R5XX_GART_PCI, 1,
				       R5XX_QUIRK_FORCE_VAP |
				       R5XX_QUIRK_BUS_CNTL_BM,
				       R5XX_BW_MEM_RV350, 0),
	[R5XX_FAMILY_RV380] = R3XX_ROW("RV380", "R3xx", FW_R300, R5XX_GART_PCIE, 1,
				       R5XX_QUIRK_FORCE_VAP | R5XX_QUIRK_MSI,
				       R5XX_BW_MEM_RV350, 0),
	[R5XX_FAMILY_R420] = R4XX_ROW("R420", R5XX_GART_PCI,
				      R5XX_QUIRK_FORCE_PX_TX | R5XX_QUIRK_MSI |
				      R5XX_QUIRK_BUS_CNTL_BM),
	[R5XX_FAMILY_R423] = R4XX_ROW("R423", R5XX_GART_PCIE, R5XX_QUIRK_MSI),
	[R5XX_FAMILY_RV410] = R4XX_ROW("RV410", R5XX_GART_PCIE, R5XX_QUIRK_MSI),
	[R5XX_FAMILY_RS400] = RS4XX_ROW("RS400", R5XX_BW_MEM_RS400),
	[R5XX_FAMILY_RS480] = RS4XX_ROW("RS480", R5XX_BW_MEM_RS480),
	[R5XX_FAMILY_RS600] = RS6XX_ROW("RS600", FW_RS600, R5XX_GART_RS600,
					R5XX_MC_RS600, 0, R5XX_BW_AVIVO_RS600),
	[R5XX_FAMILY_RS690] = RS6XX_ROW("RS690", FW_RS690, R5XX_GART_IGP,
					R5XX_MC_RS690, R5XX_QUIRK_MSI,
					R5XX_BW_AVIVO_RS690),
	[R5XX_FAMILY_RS740] = RS6XX_ROW("RS740", FW_RS690, R5XX_GART_IGP,
					R5XX_MC_RS690, 0, R5XX_BW_AVIVO_RS690),
	[R5XX_FAMILY_RV515] = R5XX_ROW("RV515", R5XX_MC_RV515,
				       R5XX_QUIRK_DISP_PRIORITY_HIGH),
	[R5XX_FAMILY_R520] = R5XX_ROW("R520", R5XX_MC_R520, R5XX_QUIRK_MSI),
	[R5XX_FAMILY_RV530] = R5XX_ROW("RV530", R5XX_MC_R520,
				       R5XX_QUIRK_MSI | R5XX_QUIRK_RV530_PIPES),
	[R5XX_FAMILY_RV560] = R5XX_ROW("RV560", R5XX_MC_R520, R5XX_QUIRK_MSI),
	[R5XX_FAMILY_RV570] = R5XX_ROW("RV570", R5XX_MC_R520, R5XX_QUIRK_MSI),
	[R5XX_FAMILY_R580] = R5XX_ROW("R580", R5XX_MC_R520, R5XX_QUIRK_MSI),
};

/**
 * r5xx_chip_info - the data row of a family
 * @family: GPU family
 *
 * Return: the row, or NULL for an unknown family.
 */
const struct r5xx_chip_info *r5xx_chip_info(enum r5xx_family family)
{
	if (family >= R5XX_FAMILY_COUNT)
		return NULL;
	return &r5xx_chips[family];
}

/**
 * r5xx_chip_clocks_init - force on the engine clocks the CP needs
 * @rdev: device
 *
 * Dynamic clock gating is left as the video BIOS set it up; the CP, VIP
 * and, per family, a few more blocks are forced on, as r300_clock_startup,
 * r420_clock_resume and rv515_clock_startup do.
 */
void r5xx_chip_clocks_init(struct r5xx_device *rdev)
{
	u32 tmp;

	switch (rdev->info->clocks) {
	case R5XX_CLK_R300:
	case R5XX_CLK_R420:
		tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SCLK_CNTL);
		tmp |= R5XX_PLL_SCLK_CNTL_FORCE_CP | R5XX_PLL_SCLK_CNTL_FORCE_VIP;
		if (r5xx_has_quirk(rdev, R5XX_QUIRK_FORCE_VAP))
			tmp |= R5XX_PLL_SCLK_CNTL_FORCE_VAP;
		if (r5xx_has_quirk(rdev, R5XX_QUIRK_FORCE_PX_TX))
			tmp |= R5XX_PLL_SCLK_CNTL_FORCE_PX |
			       R5XX_PLL_SCLK_CNTL_FORCE_TX;
		r5xx_pll_wreg(rdev, R5XX_PLL_SCLK_CNTL, tmp);
		break;
	case R5XX_CLK_RV515:
		tmp = r5xx_pll_rreg(rdev, R5XX_PLL_CP_DYN_CNTL);
		r5xx_pll_wreg(rdev, R5XX_PLL_CP_DYN_CNTL,
			      tmp | R5XX_PLL_CP_DYN_CNTL_CP_FORCEON);
		tmp = r5xx_pll_rreg(rdev, R5XX_PLL_E2_DYN_CNTL);
		r5xx_pll_wreg(rdev, R5XX_PLL_E2_DYN_CNTL,
			      tmp | R5XX_PLL_E2_DYN_CNTL_E2_FORCEON);
		tmp = r5xx_pll_rreg(rdev, R5XX_PLL_IDCT_DYN_CNTL);
		r5xx_pll_wreg(rdev, R5XX_PLL_IDCT_DYN_CNTL,
			      tmp | R5XX_PLL_IDCT_DYN_CNTL_IDCT_FORCEON);
		break;
	}
}

static u32 r5xx_chip_pipe_count_field(unsigned int pipes)
{
	switch (pipes) {
	case 2:
		return R5XX_GB_TILE_CONFIG_PIPE_COUNT_R300;
	case 3:
		return R5XX_GB_TILE_CONFIG_PIPE_COUNT_R420_3P;
	case 4:
		return R5XX_GB_TILE_CONFIG_PIPE_COUNT_R420;
	default:
		return R5XX_GB_TILE_CONFIG_PIPE_COUNT_RV350;
	}
}

/**
 * r5xx_chip_gb_tile_config - GB_TILE_CONFIG for the pipes in use
 * @rdev: device, after r5xx_chip_pipes_init()
 *
 * Tiling on, 16x16 tiles (1/12 subpixel precision, for 4K rendering), and
 * the pipe count.
 *
 * Return: the register value.
 */
u32 r5xx_chip_gb_tile_config(struct r5xx_device *rdev)
{
	return R5XX_GB_TILE_CONFIG_ENABLE_TILING |
	       R5XX_GB_TILE_CONFIG_TILE_SIZE_TILE_SIZE_16 |
	       r5xx_chip_pipe_count_field(rdev->num_gb_pipes);
}

static void r5xx_chip_wait_idle(struct r5xx_device *rdev)
{
	if (r5xx_wait_gui_idle(rdev))
		drm_warn(&rdev->drm, "GUI not idle while programming pipes\n");
}

/*
 * rv515_gpu_init and r520_gpu_init copy the pipe configuration to PLL
 * register 0x0d: the pipes present (GB_PIPE_SELECT) and, as one bit, the
 * pipe DST_PIPE_CONFIG selects.
 */
static void r5xx_chip_pll_pipe_config(struct r5xx_device *rdev)
{
	u32 present = FIELD_GET(R5XX_GB_PIPE_SELECT_PIPE_MASK,
				r5xx_rreg(rdev, R5XX_GB_PIPE_SELECT));
	u32 current_pipe = FIELD_GET(R5XX_DST_PIPE_CONFIG_PIPE_SELECT_CURRENT,
				     r5xx_rreg(rdev, R5XX_DST_PIPE_CONFIG));

	r5xx_pll_wreg(rdev, R5XX_PLL_R500_PIPE_CONFIG,
		      FIELD_PREP(R5XX_PLL_R500_PIPE_CONFIG_PIPE_MASK, present) |
		      FIELD_PREP(R5XX_PLL_R500_PIPE_CONFIG_PIPE_SELECT_CURRENT,
				 BIT(current_pipe)));
}

/**
 * r5xx_chip_num_z_pipes - Z pipes, for RADEON_INFO_NUM_Z_PIPES
 * @rdev: device
 *
 * Two on an RV530 whose GB_PIPE_SELECT2 enables both (r420_pipes_init),
 * one everywhere else.
 *
 * Return: 1 or 2.
 */
u32 r5xx_chip_num_z_pipes(struct r5xx_device *rdev)
{
	u32 tmp;

	if (!r5xx_has_quirk(rdev, R5XX_QUIRK_RV530_PIPES))
		return 1;
	tmp = r5xx_rreg(rdev, R5XX_RV530_GB_PIPE_SELECT2);
	return FIELD_GET(R5XX_RV530_GB_PIPE_SELECT2_Z_PIPES, tmp) == 3 ? 2 : 1;
}

/**
 * r5xx_chip_pipes_init - set up the quad pipes and the 2D destination cache
 * @rdev: device
 *
 * Rows with a fixed pipe count follow r300_gpu_init; the others read the
 * pipe count from GB_PIPE_SELECT as r420_pipes_init does (also used by
 * RS6xx and R5xx). R5xx rows then copy the pipes to the PLL, and RV530
 * first sizes its GB FIFOs, as rv515_gpu_init and r520_gpu_init do. Sets
 * &r5xx_device.num_gb_pipes, which the ring start packets use.
 */
void r5xx_chip_pipes_init(struct r5xx_device *rdev)
{
	unsigned int pipes = rdev->info->pipes;
	u32 tmp;

	if (r5xx_is_avivo(rdev))
		r5xx_wreg_mask(rdev, R5XX_VGA_RENDER_CONTROL, 0,
			       R5XX_VGA_RENDER_CONTROL_VGA_VSTATUS_CNTL);
	if (r5xx_has_quirk(rdev, R5XX_QUIRK_RV530_PIPES))
		r5xx_wreg(rdev, R5XX_RV530_GB_FIFO_SIZE2,
			  R5XX_RV530_GB_FIFO_SIZE2_ZB_MFIFO_SIZE |
			  R5XX_RV530_GB_FIFO_SIZE2_FG_SFIFO_SIZE |
			  R5XX_RV530_GB_FIFO_SIZE2_SC_MFIFO_SIZE |
			  R5XX_RV530_GB_FIFO_SIZE2_SC_SFIFO_SIZE);

	if (!pipes) {
		/* TCL/GA deadlock workaround, then fdo bug 24041's idle wait */
		r5xx_wreg(rdev, R5XX_GA_ENHANCE,
			  R5XX_GA_ENHANCE_R420_DEADLOCK_WAR |
			  R5XX_GA_ENHANCE_FASTSYNC_CNTL |
			  R5XX_GA_ENHANCE_DEADLOCK_CNTL);
		r5xx_chip_wait_idle(rdev);
		tmp = r5xx_rreg(rdev, R5XX_GB_PIPE_SELECT);
		pipes = FIELD_GET(R5XX_GB_PIPE_SELECT_PIPE_COUNT, tmp) + 1;
	}
	if (rdev->pci_flags & R5XX_ID_ONE_PIPE)
		pipes = 1;
	rdev->num_gb_pipes = pipes;

	if (!rdev->info->pipes)
		r5xx_wreg(rdev, R5XX_SU_REG_DEST, BIT(pipes) - 1);
	r5xx_wreg(rdev, R5XX_GB_TILE_CONFIG, r5xx_chip_gb_tile_config(rdev));
	r5xx_chip_wait_idle(rdev);

	r5xx_wreg_mask(rdev, R5XX_DST_PIPE_CONFIG,
		       R5XX_DST_PIPE_CONFIG_PIPE_AUTO_CONFIG,
		       R5XX_DST_PIPE_CONFIG_PIPE_AUTO_CONFIG);
	tmp = R5XX_RB2D_DSTCACHE_MODE_DC_AUTOFLUSH_ENABLE |
	      R5XX_RB2D_DSTCACHE_MODE_DC_DC_DISABLE_IGNORE_PE;
	r5xx_wreg_mask(rdev, R5XX_RB2D_DSTCACHE_MODE, tmp, tmp);
	r5xx_chip_wait_idle(rdev);

	if (r5xx_has_quirk(rdev, R5XX_QUIRK_PLL_PIPE_CONFIG)) {
		r5xx_chip_pll_pipe_config(rdev);
		r5xx_chip_wait_idle(rdev);
	}
	if (r5xx_wait_mc_idle(rdev))
		drm_warn(&rdev->drm, "MC not idle after programming pipes\n");
	drm_dbg_driver(&rdev->drm, "%u quad pipes\n", pipes);
}
