// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/slab.h>

#include <drm/drm_atomic_helper.h>
#include <drm/drm_edid.h>
#include <drm/drm_print.h>
#include <drm/drm_probe_helper.h>

#include "r5xx_drv.h"

/**
 * DOC: connectors
 *
 * One connector per row of the connector table (r5xx_bios.c), each with
 * its own encoder, which either CRTC may drive:
 *
 * - the primary DAC (VGA): powered through DAC_CNTL and DAC_MACRO_CNTL,
 *   its source picked in DISP_OUTPUT_CNTL;
 * - the internal TMDS transmitter (DVI): FP_GEN_CNTL turns it on and
 *   picks its CRTC; single link, so up to 165 MHz;
 * - the TV DAC (r5xx_dac2.c) as a second VGA DAC: the analog half of a
 *   DVI-I connector, a second encoder on that connector (DAC B on AVIVO).
 *
 * A DVI-I connector is probed as upstream radeon_dvi_detect does: a DDC
 * answer first (the EDID's input type says whether the monitor is digital
 * or analog), then the digital sense, then, for a forced probe only, the
 * second DAC's load comparator; a probe that may not run the comparator (the
 * hot plug and poll paths) keeps a status the comparator found. The
 * connector's best encoder is the analog one while the monitor found is
 * analog.
 *
 * Modes come from the monitor's EDID, read over the connector's DDC bus
 * (r5xx_i2c.c); without one, the VESA modes up to 1024x768 are offered,
 * 1024x768 preferred. A monitor is there if it answers on DDC; otherwise a
 * VGA monitor may still be found by the DAC's load comparator
 * (DAC_CNTL.DAC_CMP_EN/DAC_CMP_OUTPUT) and a DVI one by
 * FP_GEN_CNTL.FP_DETECT_SENSE. The DVI connector is hot-plug aware: a
 * change of FP_DETECT_SENSE raises GEN_INT_STATUS.FP_DETECT_STAT, which
 * re-probes it and tells userspace (a hotplug uevent); VGA has no hot-plug
 * line and is polled every 10 seconds by drm_kms_helper_poll.
 *
 * On AVIVO (R5xx) the encoders are DACA (VGA), TMDSA (DVI, single
 * link) and DAC B (r5xx_dac2.c, a DVI-I connector's analog half, found by
 * its load comparator as the TV DAC's is), each picking its CRTC in its
 * SOURCE_SELECT and switched on and off as radeonhd does. A VGA monitor
 * without DDC answer may be found by DACA's load comparator (on request);
 * a connector with a hot plug pin (DC_HOT_PLUG_DETECTn, from the
 * connector table) reads its SENSE bit, and the pin's interrupt, armed for
 * the next change of level, re-probes the connectors and sends the uevent.
 */

/* FP_GEN_CNTL and TMDS_TRANSMITTER_CNTL bits the register list lacks */
#define R5XX_FP_TMDS_EN			BIT(2)
#define R5XX_FP_PANEL_FORMAT_24BIT	BIT(3)
#define R5XX_TMDS_PLLEN			BIT(0)
#define R5XX_TMDS_PLLRST		BIT(1)

#define R5XX_TMDS_MAX_KHZ		165000

static struct r5xx_output_dev *to_output(struct drm_connector *connector)
{
	return container_of(connector, struct r5xx_output_dev, connector);
}

static struct r5xx_output_dev *enc_to_output(struct drm_encoder *encoder)
{
	return container_of(encoder, struct r5xx_output_dev, encoder);
}

/* the connector's DDC bus, or NULL if it has none */
static struct i2c_adapter *r5xx_output_ddc(struct r5xx_device *rdev,
					   struct r5xx_output_dev *out)
{
	if (out->info->ddc >= R5XX_DDC_COUNT ||
	    !rdev->display.ddc[out->info->ddc].reg)
		return NULL;
	return &rdev->display.ddc[out->info->ddc].adapter;
}

/* the DAC's load comparator: is something on the VGA lines? */
static bool r5xx_dac_load_detect(struct r5xx_device *rdev)
{
	u32 dac = r5xx_rreg(rdev, R5XX_DAC_CNTL);
	u32 macro = r5xx_rreg(rdev, R5XX_DAC_MACRO_CNTL);
	bool found;

	r5xx_wreg(rdev, R5XX_DAC_MACRO_CNTL, macro &
		  ~(R5XX_DAC_MACRO_CNTL_DAC_PDWN_R |
		    R5XX_DAC_MACRO_CNTL_DAC_PDWN_G |
		    R5XX_DAC_MACRO_CNTL_DAC_PDWN_B));
	r5xx_wreg(rdev, R5XX_DAC_CNTL, (dac & ~R5XX_DAC_CNTL_DAC_PDWN) |
		  R5XX_DAC_CNTL_DAC_CMP_EN);
	usleep_range(2000, 3000);
	found = r5xx_rreg(rdev, R5XX_DAC_CNTL) & R5XX_DAC_CNTL_DAC_CMP_OUTPUT;
	r5xx_wreg(rdev, R5XX_DAC_CNTL, dac);
	r5xx_wreg(rdev, R5XX_DAC_MACRO_CNTL, macro);
	return found;
}

/* AVIVO: DACA and TMDSA, programmed as radeonhd's rhd_dac.c and rhd_tmds.c */

#define R5XX_DAC_POWER_OFF		0x01010101
#define R5XX_DAC_SYNC_SELECT_OVERRIDE	0x101
#define R5XX_DAC_LOAD_FORCE_DATA	0x1e6
#define R5XX_DAC_LOAD_ALL		(R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_BLUE | \
					 R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_GREEN | \
					 R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_RED)
#define R5XX_TMDSA_TX_PLL_EN		BIT(0)
#define R5XX_TMDSA_TX_PLL_RESET		BIT(1)
#define R5XX_TMDSA_SYNC_START		BIT(0)
#define R5XX_TMDSA_SYNC_RESET		BIT(8)
#define R5XX_TMDSA_TX_SINGLE_LINK	0x1f
/* hot plug pin n's registers are pin 1's + (n - 1) * 0x10 */
#define R5XX_HPD_STRIDE			(R5XX_DC_HOT_PLUG_DETECT2_CONTROL - \
					 R5XX_DC_HOT_PLUG_DETECT1_CONTROL)

static void r5xx_avivo_output_enable(struct r5xx_device *rdev,
				     enum r5xx_output output, unsigned int crtc)
{
	switch (output) {
	case R5XX_OUTPUT_LVDS:	/* its own encoder: r5xx_panel.c */
	case R5XX_OUTPUT_DAC2:	/* a legacy TV DAC only */
		break;
	case R5XX_OUTPUT_DAC1:
		r5xx_wreg(rdev, R5XX_DACA_SOURCE_SELECT, crtc);
		r5xx_wreg(rdev, R5XX_DACA_ENABLE, R5XX_DACA_ENABLE_DAC_ENABLE);
		r5xx_wreg(rdev, R5XX_DACA_POWERDOWN, 0);
		usleep_range(14, 20);
		r5xx_wreg(rdev, R5XX_DACA_FORCE_OUTPUT_CNTL, 0);
		r5xx_wreg_mask(rdev, R5XX_DACA_SYNC_SELECT, 0,
			       R5XX_DAC_SYNC_SELECT_OVERRIDE);
		r5xx_wreg(rdev, R5XX_DACA_SYNC_TRISTATE_CONTROL, 0);
		break;
	case R5XX_OUTPUT_TMDS1:
		r5xx_wreg(rdev, R5XX_TMDSA_SOURCE_SELECT, crtc);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_CNTL, R5XX_TMDSA_CNTL_TMDSA_ENABLE,
			       R5XX_TMDSA_CNTL_TMDSA_ENABLE |
			       R5XX_TMDSA_CNTL_TMDSA_DUAL_LINK_ENABLE);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_TRANSMITTER_CONTROL,
			       R5XX_TMDSA_TX_PLL_EN, R5XX_TMDSA_TX_PLL_EN);
		usleep_range(20, 30);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_TRANSMITTER_CONTROL,
			       R5XX_TMDSA_TX_PLL_RESET, R5XX_TMDSA_TX_PLL_RESET);
		usleep_range(2, 5);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_TRANSMITTER_CONTROL, 0,
			       R5XX_TMDSA_TX_PLL_RESET);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_DATA_SYNCHRONIZATION,
			       R5XX_TMDSA_SYNC_START, R5XX_TMDSA_SYNC_START);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_DATA_SYNCHRONIZATION,
			       R5XX_TMDSA_SYNC_RESET, R5XX_TMDSA_SYNC_RESET);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_DATA_SYNCHRONIZATION, 0,
			       R5XX_TMDSA_SYNC_START);
		r5xx_wreg(rdev, R5XX_TMDSA_TRANSMITTER_ENABLE,
			  R5XX_TMDSA_TX_SINGLE_LINK);
		break;
	}
}

static void r5xx_avivo_output_disable(struct r5xx_device *rdev,
				      enum r5xx_output output)
{
	switch (output) {
	case R5XX_OUTPUT_LVDS:	/* its own encoder: r5xx_panel.c */
	case R5XX_OUTPUT_DAC2:	/* a legacy TV DAC only */
		break;
	case R5XX_OUTPUT_DAC1:
		r5xx_wreg(rdev, R5XX_DACA_POWERDOWN, R5XX_DAC_POWER_OFF);
		r5xx_wreg(rdev, R5XX_DACA_ENABLE, 0);
		break;
	case R5XX_OUTPUT_TMDS1:
		r5xx_wreg(rdev, R5XX_TMDSA_TRANSMITTER_ENABLE, 0);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_TRANSMITTER_CONTROL, 0,
			       R5XX_TMDSA_TX_PLL_EN);
		r5xx_wreg_mask(rdev, R5XX_TMDSA_CNTL, 0,
			       R5XX_TMDSA_CNTL_TMDSA_ENABLE);
		break;
	}
}

/* DACA's load comparator, driven with a test level */
static bool r5xx_daca_load_detect(struct r5xx_device *rdev)
{
	u32 force = r5xx_rreg(rdev, R5XX_DACA_FORCE_DATA);
	u32 cmp = r5xx_rreg(rdev, R5XX_DACA_COMPARATOR_ENABLE);
	bool found;

	r5xx_wreg(rdev, R5XX_DACA_FORCE_DATA, R5XX_DAC_LOAD_FORCE_DATA);
	r5xx_wreg(rdev, R5XX_DACA_COMPARATOR_ENABLE, 1);
	usleep_range(2000, 3000);
	found = (r5xx_rreg(rdev, R5XX_DACA_COMPARATOR_OUTPUT) &
		 R5XX_DAC_LOAD_ALL) == R5XX_DAC_LOAD_ALL;
	r5xx_wreg(rdev, R5XX_DACA_COMPARATOR_ENABLE, cmp);
	r5xx_wreg(rdev, R5XX_DACA_FORCE_DATA, force);
	return found;
}

/* a monitor on an AVIVO connector without DDC answer: load or hot plug */
static bool r5xx_avivo_output_sense(struct r5xx_device *rdev,
				    struct r5xx_output_dev *out, bool force)
{
	u8 pin = out->info->hpd;

	if (pin)
		return r5xx_rreg(rdev, R5XX_DC_HOT_PLUG_DETECT1_INT_STATUS +
				 (pin - 1) * R5XX_HPD_STRIDE) &
		       R5XX_DC_HOT_PLUG_DETECT1_INT_STATUS_DC_HOT_PLUG_DETECT_SENSE;
	/* the comparator disturbs a running DAC: only on request */
	return out->info->output == R5XX_OUTPUT_DAC1 && force &&
	       r5xx_daca_load_detect(rdev);
}

/* point hot plug pin @pin's interrupt at the next change of its level */
static void r5xx_avivo_hpd_arm(struct r5xx_device *rdev, u8 pin)
{
	u32 off = (pin - 1) * R5XX_HPD_STRIDE;
	unsigned long flags;
	bool sense;

	r5xx_wreg(rdev, R5XX_DC_HOT_PLUG_DETECT1_CONTROL + off,
		  R5XX_DC_HOT_PLUG_DETECT1_CONTROL_DC_HOT_PLUG_DETECT_EN);
	sense = r5xx_rreg(rdev, R5XX_DC_HOT_PLUG_DETECT1_INT_STATUS + off) &
		R5XX_DC_HOT_PLUG_DETECT1_INT_STATUS_DC_HOT_PLUG_DETECT_SENSE;
	/* the interrupt controls are the interrupt code's too */
	spin_lock_irqsave(&rdev->irq.lock, flags);
	r5xx_wreg_mask(rdev, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL + off,
		       sense ? 0 :
		       R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_POLARITY,
		       R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_POLARITY);
	spin_unlock_irqrestore(&rdev->irq.lock, flags);
}

/* a monitor on the connector's own encoder without DDC answer */
static bool r5xx_output_sense(struct r5xx_device *rdev,
			      struct r5xx_output_dev *out, bool force)
{
	if (r5xx_is_avivo(rdev))
		return r5xx_avivo_output_sense(rdev, out, force);
	switch (out->info->output) {
	case R5XX_OUTPUT_LVDS:	/* its own encoder: r5xx_panel.c */
		break;
	case R5XX_OUTPUT_DAC1:
		/* the comparator disturbs a running DAC: only on request */
		return force && r5xx_dac_load_detect(rdev);
	case R5XX_OUTPUT_DAC2:
		return force && r5xx_dac2_load_detect(rdev);
	case R5XX_OUTPUT_TMDS1:
		return r5xx_rreg(rdev, R5XX_FP_GEN_CNTL) &
		       R5XX_FP_GEN_CNTL_FP_DETECT_SENSE;
	}
	return false;
}

/* whether the monitor answering on @ddc says it is analog */
static bool r5xx_edid_analog(struct drm_connector *connector,
			     struct i2c_adapter *ddc)
{
	struct edid *edid = drm_get_edid(connector, ddc);
	bool analog = edid && !(edid->input & DRM_EDID_INPUT_DIGITAL);

	kfree(edid);
	return analog;
}

/* DVI-I's analog half: a monitor the second DAC's comparator finds */
static enum drm_connector_status
r5xx_connector_detect_analog(struct r5xx_device *rdev,
			     struct r5xx_output_dev *out, bool force)
{
	/* the comparator disturbs a running DAC: only on request */
	if (!force)
		return out->found_by_load ? out->connector.status :
		       connector_status_disconnected;
	out->found_by_load = r5xx_dac2_load_detect(rdev);
	out->use_analog = out->found_by_load;
	return out->found_by_load ? connector_status_connected :
	       connector_status_disconnected;
}

static enum drm_connector_status
r5xx_connector_detect(struct drm_connector *connector, bool force)
{
	struct r5xx_device *rdev = to_r5xx(connector->dev);
	struct r5xx_output_dev *out = to_output(connector);
	struct i2c_adapter *ddc = r5xx_output_ddc(rdev, out);
	bool found;

	if (ddc && drm_probe_ddc(ddc)) {
		out->found_by_load = false;
		out->use_analog = out->info->dac2 &&
				  r5xx_edid_analog(connector, ddc);
		return connector_status_connected;
	}
	found = r5xx_output_sense(rdev, out, force);
	if (!found && out->info->dac2)
		return r5xx_connector_detect_analog(rdev, out, force);
	out->found_by_load = false;
	out->use_analog = false;
	return found ? connector_status_connected :
	       connector_status_disconnected;
}

/* DVI-I: the analog encoder while the monitor found is analog */
static struct drm_encoder *
r5xx_connector_best_encoder(struct drm_connector *connector)
{
	struct r5xx_output_dev *out = to_output(connector);

	return out->use_analog ? &out->analog : &out->encoder;
}

/* The modes of the EDID on the connector's DDC bus; 0 without one. */
static int r5xx_connector_ddc_modes(struct drm_connector *connector)
{
	struct edid *edid = drm_get_edid(connector, connector->ddc);
	int count = 0;

	drm_connector_update_edid_property(connector, edid);
	if (edid)
		count = drm_add_edid_modes(connector, edid);
	kfree(edid);
	return count;
}

static int r5xx_connector_get_modes(struct drm_connector *connector)
{
	int count = 0;

	if (connector->ddc)
		count = r5xx_connector_ddc_modes(connector);
	if (count)
		return count;
	count = drm_add_modes_noedid(connector, 1024, 768);
	drm_set_preferred_mode(connector, 1024, 768);
	return count;
}

static enum drm_mode_status
r5xx_connector_mode_valid(struct drm_connector *connector,
			  const struct drm_display_mode *mode)
{
	struct r5xx_output_dev *out = to_output(connector);

	if (out->info->output == R5XX_OUTPUT_TMDS1 && !out->use_analog &&
	    mode->clock > R5XX_TMDS_MAX_KHZ)
		return MODE_CLOCK_HIGH;
	if (r5xx_is_avivo(to_r5xx(connector->dev)))
		return r5xx_avivo_mode_limits(to_r5xx(connector->dev), mode);
	return r5xx_crtc_mode_limits(to_r5xx(connector->dev), mode);
}

R5XX_DECLARE_CONNECTOR_MODE_VALID(r5xx_connector_mode_valid)

static const struct drm_connector_helper_funcs r5xx_connector_helper_funcs = {
	.get_modes = r5xx_connector_get_modes,
	.mode_valid = R5XX_CONNECTOR_MODE_VALID(r5xx_connector_mode_valid),
	.best_encoder = r5xx_connector_best_encoder,
};

static const struct drm_connector_funcs r5xx_connector_funcs = {
	.detect = r5xx_connector_detect,
	.fill_modes = drm_helper_probe_single_connector_modes,
	.destroy = drm_connector_cleanup,
	.reset = drm_atomic_helper_connector_reset,
	.atomic_duplicate_state = drm_atomic_helper_connector_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_connector_destroy_state,
};

static void r5xx_encoder_atomic_enable(struct drm_encoder *encoder,
				       struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(encoder->dev);
	struct r5xx_output_dev *out = enc_to_output(encoder);
	unsigned int crtc = to_r5xx_crtc(encoder->crtc)->id;

	if (r5xx_is_avivo(rdev)) {
		r5xx_avivo_output_enable(rdev, out->info->output, crtc);
		return;
	}
	switch (out->info->output) {
	case R5XX_OUTPUT_LVDS:	/* its own encoder: r5xx_panel.c */
		break;
	case R5XX_OUTPUT_DAC1:
		r5xx_wreg_mask(rdev, R5XX_DISP_OUTPUT_CNTL,
			       FIELD_PREP(R5XX_DISP_OUTPUT_CNTL_DISP_DAC_SOURCE,
					  crtc),
			       R5XX_DISP_OUTPUT_CNTL_DISP_DAC_SOURCE);
		r5xx_wreg_mask(rdev, R5XX_DAC_MACRO_CNTL, 0,
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_R |
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_G |
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_B);
		r5xx_wreg_mask(rdev, R5XX_DAC_CNTL, 0,
			       R5XX_DAC_CNTL_DAC_PDWN |
			       R5XX_DAC_CNTL_DAC_CMP_EN);
		break;
	case R5XX_OUTPUT_DAC2:
		r5xx_dac2_enable(rdev, crtc);
		break;
	case R5XX_OUTPUT_TMDS1:
		/* R3xx/R4xx run the transmitter with PLLEN clear */
		r5xx_wreg_mask(rdev, R5XX_TMDS_TRANSMITTER_CNTL, 0,
			       R5XX_TMDS_PLLEN | R5XX_TMDS_PLLRST);
		r5xx_wreg_mask(rdev, R5XX_FP_GEN_CNTL,
			       R5XX_FP_GEN_CNTL_FP_FPON | R5XX_FP_TMDS_EN |
			       R5XX_FP_PANEL_FORMAT_24BIT |
			       FIELD_PREP(R5XX_FP_GEN_CNTL_FP_SEL_CRTC, crtc),
			       R5XX_FP_GEN_CNTL_FP_FPON | R5XX_FP_TMDS_EN |
			       R5XX_FP_PANEL_FORMAT_24BIT |
			       R5XX_FP_GEN_CNTL_FP_SEL_CRTC);
		break;
	}
}

static void r5xx_encoder_atomic_disable(struct drm_encoder *encoder,
					struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(encoder->dev);

	if (r5xx_is_avivo(rdev)) {
		r5xx_avivo_output_disable(rdev, enc_to_output(encoder)->info->output);
		return;
	}
	switch (enc_to_output(encoder)->info->output) {
	case R5XX_OUTPUT_LVDS:	/* its own encoder: r5xx_panel.c */
		break;
	case R5XX_OUTPUT_DAC1:
		r5xx_wreg_mask(rdev, R5XX_DAC_CNTL, R5XX_DAC_CNTL_DAC_PDWN,
			       R5XX_DAC_CNTL_DAC_PDWN);
		r5xx_wreg_mask(rdev, R5XX_DAC_MACRO_CNTL,
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_R |
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_G |
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_B,
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_R |
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_G |
			       R5XX_DAC_MACRO_CNTL_DAC_PDWN_B);
		break;
	case R5XX_OUTPUT_DAC2:
		r5xx_dac2_disable(rdev);
		break;
	case R5XX_OUTPUT_TMDS1:
		r5xx_wreg_mask(rdev, R5XX_FP_GEN_CNTL, 0,
			       R5XX_FP_GEN_CNTL_FP_FPON | R5XX_FP_TMDS_EN);
		break;
	}
}

static const struct drm_encoder_helper_funcs r5xx_encoder_helper_funcs = {
	.atomic_enable = r5xx_encoder_atomic_enable,
	.atomic_disable = r5xx_encoder_atomic_disable,
};

static const struct drm_encoder_funcs r5xx_encoder_funcs = {
	.destroy = drm_encoder_cleanup,
};

/* the analog half of DVI-I: the second DAC */
static void r5xx_analog_atomic_enable(struct drm_encoder *encoder,
				      struct drm_atomic_commit *state)
{
	r5xx_dac2_enable(to_r5xx(encoder->dev),
			 to_r5xx_crtc(encoder->crtc)->id);
}

static void r5xx_analog_atomic_disable(struct drm_encoder *encoder,
				       struct drm_atomic_commit *state)
{
	r5xx_dac2_disable(to_r5xx(encoder->dev));
}

static const struct drm_encoder_helper_funcs r5xx_analog_helper_funcs = {
	.atomic_enable = r5xx_analog_atomic_enable,
	.atomic_disable = r5xx_analog_atomic_disable,
};

/* point FP_DETECT_INT_POL at the next change of FP_DETECT_SENSE */
static void r5xx_tmds_hpd_arm(struct r5xx_device *rdev)
{
	u32 fp = r5xx_rreg(rdev, R5XX_FP_GEN_CNTL);

	if (fp & R5XX_FP_GEN_CNTL_FP_DETECT_SENSE)
		fp &= ~R5XX_FP_GEN_CNTL_FP_DETECT_INT_POL;
	else
		fp |= R5XX_FP_GEN_CNTL_FP_DETECT_INT_POL;
	r5xx_wreg(rdev, R5XX_FP_GEN_CNTL, fp);
}

/* re-arm the hot plug interrupts of the connectors that have one */
static void r5xx_hpd_arm(struct r5xx_device *rdev)
{
	unsigned int i;

	if (!r5xx_is_avivo(rdev)) {
		r5xx_tmds_hpd_arm(rdev);
		return;
	}
	for (i = 0; i < rdev->display.num_outputs; i++)
		if (rdev->display.connectors[i].hpd)
			r5xx_avivo_hpd_arm(rdev, rdev->display.connectors[i].hpd);
}

static void r5xx_hotplug_work(struct work_struct *work)
{
	struct r5xx_device *rdev = container_of(work, struct r5xx_device,
						display.hotplug_work);

	r5xx_hpd_arm(rdev);
	drm_helper_hpd_irq_event(&rdev->drm);
}

/**
 * r5xx_display_hotplug_irq - the DVI hot-plug interrupt
 * @rdev: device
 */
void r5xx_display_hotplug_irq(struct r5xx_device *rdev)
{
	schedule_work(&rdev->display.hotplug_work);
}

/* DVI-I's analog half: a second encoder on the connector */
static int r5xx_analog_init(struct r5xx_device *rdev,
			    struct r5xx_output_dev *out)
{
	int ret;

	ret = drm_encoder_init(&rdev->drm, &out->analog, &r5xx_encoder_funcs,
			       DRM_MODE_ENCODER_DAC, NULL);
	if (ret)
		return ret;
	out->analog.possible_crtcs = GENMASK(rdev->display.num_crtcs - 1, 0);
	drm_encoder_helper_add(&out->analog, &r5xx_analog_helper_funcs);
	return drm_connector_attach_encoder(&out->connector, &out->analog);
}

static int r5xx_output_init(struct r5xx_device *rdev, unsigned int idx)
{
	struct r5xx_output_dev *out = &rdev->display.outputs[idx];
	struct drm_device *drm = &rdev->drm;
	int enc_type, ret;

	out->info = &rdev->display.connectors[idx];
	if (out->info->output == R5XX_OUTPUT_LVDS)
		return r5xx_panel_output_init(rdev, out,
					      r5xx_output_ddc(rdev, out));
	enc_type = out->info->output == R5XX_OUTPUT_TMDS1 ?
		   DRM_MODE_ENCODER_TMDS : DRM_MODE_ENCODER_DAC;
	ret = drm_encoder_init(drm, &out->encoder, &r5xx_encoder_funcs,
			       enc_type, NULL);
	if (ret)
		return ret;
	out->encoder.possible_crtcs = GENMASK(rdev->display.num_crtcs - 1, 0);
	drm_encoder_helper_add(&out->encoder, &r5xx_encoder_helper_funcs);

	ret = drm_connector_init_with_ddc(drm, &out->connector,
					  &r5xx_connector_funcs,
					  out->info->type,
					  r5xx_output_ddc(rdev, out));
	if (ret)
		return ret;
	drm_connector_helper_add(&out->connector, &r5xx_connector_helper_funcs);
	if (out->info->dac2) {
		ret = r5xx_analog_init(rdev, out);
		if (ret)
			return ret;
	}
	if (r5xx_is_avivo(rdev) && out->info->hpd) {
		out->connector.polled = DRM_CONNECTOR_POLL_HPD;
		r5xx_avivo_hpd_arm(rdev, out->info->hpd);
		r5xx_irq_set_display(rdev,
				     R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT1_INTERRUPT <<
				     (out->info->hpd - 1), true);
	} else if (!r5xx_is_avivo(rdev) &&
		   out->info->output == R5XX_OUTPUT_TMDS1) {
		out->connector.polled = DRM_CONNECTOR_POLL_HPD;
		r5xx_tmds_hpd_arm(rdev);
		r5xx_irq_set_display(rdev, R5XX_GEN_INT_CNTL_FP_DETECT_MASK,
				     true);
	} else {
		out->connector.polled = DRM_CONNECTOR_POLL_CONNECT |
					DRM_CONNECTOR_POLL_DISCONNECT;
	}
	return drm_connector_attach_encoder(&out->connector, &out->encoder);
}

/**
 * r5xx_outputs_init - create the connectors and encoders of the table
 * @rdev: device, with the CRTCs and DDC buses made
 *
 * Return: 0 or a negative errno.
 */
int r5xx_outputs_init(struct r5xx_device *rdev)
{
	unsigned int i;
	int ret;

	INIT_WORK(&rdev->display.hotplug_work, r5xx_hotplug_work);
	for (i = 0; i < rdev->display.num_outputs; i++) {
		ret = r5xx_output_init(rdev, i);
		if (ret)
			return ret;
	}
	return 0;
}
