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
 * Each monitor's DDC lines end on a GPIO pad of the legacy display
 * engine: GPIO_VGA_DDC, GPIO_DVI_DDC, GPIO_MONID and GPIO_CRT2_DDC. In each
 * register pin 0 is data and pin 1 clock; a pin whose EN bit is set drives
 * its A bit, otherwise it is released and the line is pulled up, and the
 * Y bit reads the line. r5xx bit-bangs I2C on them with i2c-algo-bit, as
 * upstream radeon does without a hardware I2C engine: A stays 0, and a line
 * is pulled low by setting EN and released by clearing it.
 */

#define R5XX_DDC_DATA_EN	R5XX_GPIO_VGA_DDC_GPIO_EN_0
#define R5XX_DDC_CLK_EN		R5XX_GPIO_VGA_DDC_GPIO_EN_1
#define R5XX_DDC_DATA_Y		R5XX_GPIO_VGA_DDC_GPIO_Y_0
#define R5XX_DDC_CLK_Y		R5XX_GPIO_VGA_DDC_GPIO_Y_1
#define R5XX_DDC_A		(R5XX_GPIO_VGA_DDC_GPIO_A_0 | \
				 R5XX_GPIO_VGA_DDC_GPIO_A_1)

static const struct {
	u32 reg;
	const char *name;
} r5xx_ddc_pads[R5XX_DDC_COUNT] = {
	[R5XX_DDC_VGA] = { R5XX_GPIO_VGA_DDC, "VGA_DDC" },
	[R5XX_DDC_DVI] = { R5XX_GPIO_DVI_DDC, "DVI_DDC" },
	[R5XX_DDC_MONID] = { R5XX_GPIO_MONID, "MONID" },
	[R5XX_DDC_CRT2] = { R5XX_GPIO_CRT2_DDC, "CRT2_DDC" },
};

static void r5xx_ddc_drive(struct r5xx_ddc *ddc, u32 en, int state)
{
	struct r5xx_device *rdev = ddc->rdev;
	u32 val = r5xx_rreg(rdev, ddc->reg) & ~R5XX_DDC_A;

	if (state)
		val &= ~en;
	else
		val |= en;
	r5xx_wreg(rdev, ddc->reg, val);
	r5xx_rreg(rdev, ddc->reg);
}

static void r5xx_ddc_setsda(void *data, int state)
{
	r5xx_ddc_drive(data, R5XX_DDC_DATA_EN, state);
}

static void r5xx_ddc_setscl(void *data, int state)
{
	r5xx_ddc_drive(data, R5XX_DDC_CLK_EN, state);
}

static int r5xx_ddc_getsda(void *data)
{
	struct r5xx_ddc *ddc = data;

	return !!(r5xx_rreg(ddc->rdev, ddc->reg) & R5XX_DDC_DATA_Y);
}

static int r5xx_ddc_getscl(void *data)
{
	struct r5xx_ddc *ddc = data;

	return !!(r5xx_rreg(ddc->rdev, ddc->reg) & R5XX_DDC_CLK_Y);
}

static int r5xx_ddc_pre_xfer(struct i2c_adapter *adapter)
{
	struct r5xx_ddc *ddc = i2c_get_adapdata(adapter);

	/* release both lines, output values 0 */
	r5xx_wreg(ddc->rdev, ddc->reg, r5xx_rreg(ddc->rdev, ddc->reg) &
		  ~(R5XX_DDC_A | R5XX_DDC_DATA_EN | R5XX_DDC_CLK_EN));
	return 0;
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

		/* pads of the other display engine */
		if (!r5xx_ddc_pads[i].reg)
			continue;
		ddc->rdev = rdev;
		ddc->reg = r5xx_ddc_pads[i].reg;
		ddc->algo.setsda = r5xx_ddc_setsda;
		ddc->algo.setscl = r5xx_ddc_setscl;
		ddc->algo.getsda = r5xx_ddc_getsda;
		ddc->algo.getscl = r5xx_ddc_getscl;
		ddc->algo.pre_xfer = r5xx_ddc_pre_xfer;
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
