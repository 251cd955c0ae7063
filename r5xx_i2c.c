// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: DDC
 *
 * Each monitor's DDC lines end on a GPIO pad of the display engine: on
 * the legacy engine GPIO_VGA_DDC, GPIO_DVI_DDC, GPIO_MONID and
 * GPIO_CRT2_DDC, each one register where pin 0 is data and pin 1 clock; on
 * AVIVO DC_GPIO_DDC1 to DDC3, each four registers (MASK, A, EN, Y) with
 * clock in bit 0 and data in bit 8, MASK set while software owns the pins.
 * A pin whose EN bit is set drives its A bit, otherwise it is released and
 * the line is pulled up, and the Y bit reads the line. r5xx bit-bangs I2C
 * on the pads of the device's engine with i2c-algo-bit, as upstream radeon
 * does without a hardware I2C engine: A stays 0, and a line is pulled low
 * by setting EN and released by clearing it.
 */

/*
 * A DDC pad's registers and bits, as data: legacy pads have EN, A and Y in
 * one register (pin 0 data, pin 1 clock); AVIVO pads have a register each
 * (DC_GPIO_DDCn_MASK, _A, _EN, _Y at +0, +4, +8, +12), clock in bit 0 and
 * data in bit 8 of each, and MASK hands the pins to software.
 */
struct r5xx_ddc_layout {
	u32 a;
	u32 en;
	u32 y;
	u32 mask;
	u32 a_bits;
	u32 data_en;
	u32 clk_en;
	u32 data_y;
	u32 clk_y;
};

static const struct r5xx_ddc_layout r5xx_ddc_legacy = {
	.a_bits = R5XX_GPIO_VGA_DDC_GPIO_A_0 | R5XX_GPIO_VGA_DDC_GPIO_A_1,
	.data_en = R5XX_GPIO_VGA_DDC_GPIO_EN_0,
	.clk_en = R5XX_GPIO_VGA_DDC_GPIO_EN_1,
	.data_y = R5XX_GPIO_VGA_DDC_GPIO_Y_0,
	.clk_y = R5XX_GPIO_VGA_DDC_GPIO_Y_1,
};

#define R5XX_DDC_AVIVO_DATA	R5XX_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_DATA
#define R5XX_DDC_AVIVO_CLK	R5XX_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_CLK

static const struct r5xx_ddc_layout r5xx_ddc_avivo = {
	.a = R5XX_DC_GPIO_DDC1_A - R5XX_DC_GPIO_DDC1_MASK,
	.en = R5XX_DC_GPIO_DDC1_EN - R5XX_DC_GPIO_DDC1_MASK,
	.y = R5XX_DC_GPIO_DDC1_Y - R5XX_DC_GPIO_DDC1_MASK,
	.mask = R5XX_DDC_AVIVO_DATA | R5XX_DDC_AVIVO_CLK,
	.a_bits = R5XX_DDC_AVIVO_DATA | R5XX_DDC_AVIVO_CLK,
	.data_en = R5XX_DDC_AVIVO_DATA,
	.clk_en = R5XX_DDC_AVIVO_CLK,
	.data_y = R5XX_DDC_AVIVO_DATA,
	.clk_y = R5XX_DDC_AVIVO_CLK,
};

static const struct {
	u32 reg;
	const char *name;
	const struct r5xx_ddc_layout *layout;
} r5xx_ddc_pads[R5XX_DDC_COUNT] = {
	[R5XX_DDC_VGA] = { R5XX_GPIO_VGA_DDC, "VGA_DDC", &r5xx_ddc_legacy },
	[R5XX_DDC_DVI] = { R5XX_GPIO_DVI_DDC, "DVI_DDC", &r5xx_ddc_legacy },
	[R5XX_DDC_MONID] = { R5XX_GPIO_MONID, "MONID", &r5xx_ddc_legacy },
	[R5XX_DDC_CRT2] = { R5XX_GPIO_CRT2_DDC, "CRT2_DDC", &r5xx_ddc_legacy },
	[R5XX_DDC_AVIVO1] = { R5XX_DC_GPIO_DDC1_MASK, "DDC1", &r5xx_ddc_avivo },
	[R5XX_DDC_AVIVO2] = { R5XX_DC_GPIO_DDC2_MASK, "DDC2", &r5xx_ddc_avivo },
	[R5XX_DDC_AVIVO3] = { R5XX_DC_GPIO_DDC3_MASK, "DDC3", &r5xx_ddc_avivo },
};

static const struct r5xx_ddc_layout *r5xx_ddc_layout_of(struct r5xx_ddc *ddc)
{
	return r5xx_ddc_pads[ddc - ddc->rdev->display.ddc].layout;
}

static void r5xx_ddc_drive(struct r5xx_ddc *ddc, u32 en, int state)
{
	const struct r5xx_ddc_layout *l = r5xx_ddc_layout_of(ddc);
	struct r5xx_device *rdev = ddc->rdev;
	u32 val = r5xx_rreg(rdev, ddc->reg + l->en);

	if (l->en == l->a)
		val &= ~l->a_bits;
	if (state)
		val &= ~en;
	else
		val |= en;
	r5xx_wreg(rdev, ddc->reg + l->en, val);
	r5xx_rreg(rdev, ddc->reg + l->en);
}

static void r5xx_ddc_setsda(void *data, int state)
{
	struct r5xx_ddc *ddc = data;

	r5xx_ddc_drive(ddc, r5xx_ddc_layout_of(ddc)->data_en, state);
}

static void r5xx_ddc_setscl(void *data, int state)
{
	struct r5xx_ddc *ddc = data;

	r5xx_ddc_drive(ddc, r5xx_ddc_layout_of(ddc)->clk_en, state);
}

static int r5xx_ddc_getsda(void *data)
{
	struct r5xx_ddc *ddc = data;
	const struct r5xx_ddc_layout *l = r5xx_ddc_layout_of(ddc);

	return !!(r5xx_rreg(ddc->rdev, ddc->reg + l->y) & l->data_y);
}

static int r5xx_ddc_getscl(void *data)
{
	struct r5xx_ddc *ddc = data;
	const struct r5xx_ddc_layout *l = r5xx_ddc_layout_of(ddc);

	return !!(r5xx_rreg(ddc->rdev, ddc->reg + l->y) & l->clk_y);
}

static int r5xx_ddc_pre_xfer(struct i2c_adapter *adapter)
{
	struct r5xx_ddc *ddc = i2c_get_adapdata(adapter);
	const struct r5xx_ddc_layout *l = r5xx_ddc_layout_of(ddc);
	struct r5xx_device *rdev = ddc->rdev;

	/* the pins to software, both lines released, output values 0 */
	if (l->mask)
		r5xx_wreg_mask(rdev, ddc->reg, l->mask, l->mask);
	r5xx_wreg_mask(rdev, ddc->reg + l->a, 0, l->a_bits);
	r5xx_wreg_mask(rdev, ddc->reg + l->en, 0, l->data_en | l->clk_en);
	return 0;
}

static void r5xx_ddc_post_xfer(struct i2c_adapter *adapter)
{
	struct r5xx_ddc *ddc = i2c_get_adapdata(adapter);
	const struct r5xx_ddc_layout *l = r5xx_ddc_layout_of(ddc);

	if (l->mask)
		r5xx_wreg_mask(ddc->rdev, ddc->reg, 0, l->mask);
}

/**
 * r5xx_i2c_init - register the DDC buses
 * @rdev: device
 *
 * Return: 0 or a negative errno.
 */
int r5xx_i2c_init(struct r5xx_device *rdev)
{
	unsigned int i;
	int ret;

	for (i = 0; i < R5XX_DDC_COUNT; i++) {
		struct r5xx_ddc *ddc = &rdev->display.ddc[i];
		bool avivo_pad = r5xx_ddc_pads[i].layout == &r5xx_ddc_avivo;

		/* only the pads of the device's display engine */
		if (avivo_pad != r5xx_is_avivo(rdev))
			continue;
		ddc->rdev = rdev;
		ddc->reg = r5xx_ddc_pads[i].reg;
		ddc->algo.setsda = r5xx_ddc_setsda;
		ddc->algo.setscl = r5xx_ddc_setscl;
		ddc->algo.getsda = r5xx_ddc_getsda;
		ddc->algo.getscl = r5xx_ddc_getscl;
		ddc->algo.pre_xfer = r5xx_ddc_pre_xfer;
		ddc->algo.post_xfer = r5xx_ddc_post_xfer;
		ddc->algo.udelay = 10;
		ddc->algo.timeout = usecs_to_jiffies(2200);
		ddc->algo.data = ddc;
		ddc->adapter.owner = THIS_MODULE;
		ddc->adapter.dev.parent = rdev->drm.dev;
		ddc->adapter.algo_data = &ddc->algo;
		snprintf(ddc->adapter.name, sizeof(ddc->adapter.name),
			 "r5xx %s", r5xx_ddc_pads[i].name);
		i2c_set_adapdata(&ddc->adapter, ddc);
		ret = i2c_bit_add_bus(&ddc->adapter);
		if (ret) {
			drm_err(&rdev->drm, "DDC bus %s: %d\n",
				r5xx_ddc_pads[i].name, ret);
			ddc->reg = 0;
			r5xx_i2c_fini(rdev);
			return ret;
		}
	}
	return 0;
}

/**
 * r5xx_i2c_fini - unregister the DDC buses
 * @rdev: device
 */
void r5xx_i2c_fini(struct r5xx_device *rdev)
{
	unsigned int i;

	for (i = 0; i < R5XX_DDC_COUNT; i++) {
		struct r5xx_ddc *ddc = &rdev->display.ddc[i];

		if (ddc->reg)
			i2c_del_adapter(&ddc->adapter);
		ddc->reg = 0;
	}
}
