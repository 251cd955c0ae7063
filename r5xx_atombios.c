// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include <drm/drm_mode.h>

#include "r5xx_atombios.h"
#include "r5xx_regs.h"

/**
 * DOC: ATOM BIOS
 *
 * The video BIOS of AVIVO boards (RV515 and later) is an ATOM BIOS: a PCI
 * expansion ROM (0x55 0xaa, a PCI data structure naming vendor 0x1002)
 * whose word at 0x48 points to the ATOM ROM header ("ATOM" 4 bytes into
 * it; "MOTA" on some boards). The header's word at 0x20 points to the
 * master list of data tables, 16-bit offsets after its 4-byte common
 * header; every table starts with that header (its size, format and
 * content revision). r5xx reads six of them, in the layouts upstream
 * radeon's atombios.h describes, and runs none of the ROM's command tables
 * (it programs the hardware directly). What the ROM is decides the parser,
 * not the family: R4xx boards carry ATOM ROMs too (r5xx_atom_detect()).
 *
 * - SupportedDevicesInfo (index 9, format 1 with 10 devices or 2 with 16):
 *   a bitmap of the devices the board has and, per device, a connector
 *   type, the DAC behind it and the I2C id of its DDC line; from format 2
 *   content revision 2 on also an interrupt source per device, which names
 *   the hot plug pin (0x4 HPD1, 0xa HPD2). Upstream radeon reads this
 *   table first and the object table only when the ROM has none; so does
 *   r5xx. It keeps CRT1/CRT2 on DAC A as VGA on the primary DAC and DFP1 as
 *   DVI on the internal TMDS transmitter (HPD1 when the table has no
 *   interrupt sources); a CRT and a DFP on one DDC line are one DVI-I
 *   connector, digital only here;
 * - Object_Header (index 22, content revision 2 or later): the display
 *   paths, each a device tag, a connector object and the encoder objects
 *   between the GPU and it, and the connector objects, each with a list
 *   of records: an I2C record names the connector's DDC line by I2C id,
 *   a hot plug record its HPD pin by GPIO id. r5xx keeps the paths of the
 *   devices the header says the board supports whose connector is VGA,
 *   DVI-I or DVI-D and whose encoder is the primary DAC (DACA,
 *   INTERNAL_KLDSCP_DAC1) for VGA or the internal TMDS transmitter (TMDSA,
 *   INTERNAL_KLDSCP_TMDS1) for DVI, one connector per encoder, at most as
 *   many as the connector table holds. A DVI-I connector whose analog
 *   half is a path of its own to DAC B (INTERNAL_KLDSCP_DAC2, the CRT2
 *   device) gets that half as &r5xx_connector_info.dac2 (upstream merges
 *   the paths of one connector object so);
 * - GPIO_I2C_Info (index 10): 27-byte entries, an I2C id and the register
 *   (in dwords) and bit of each of the line's pins. r5xx drives the lines
 *   on DC_GPIO_DDC1..3, clock on bit 0 and data on bit 8; a record naming
 *   anything else leaves the connector without DDC;
 * - GPIO_Pin_LUT (index 12): 4-byte entries, a register (in dwords), a bit
 *   and a GPIO id. A hot plug pin is bit 0, 8 or 16 of DC_GPIO_HPD_A
 *   (HPD1..3); anything else leaves the connector without HPD;
 * - FirmwareInfo (index 4, revision 1.2 to 1.4): the reference clock, the
 *   pixel PLL input and VCO ranges and the highest pixel clock, in 10 kHz;
 *   and the engine and memory clocks the BIOS set, for the display
 *   bandwidth;
 * - IntegratedSystemInfo (index 30, content revision 1 or 2) of the
 *   RS690-class IGPs: the sideport and system memory clocks and the
 *   HyperTransport link clock and width, for the display bandwidth
 *   (r5xx_atom_igp_info(), as rs690_pm_info).
 *
 * Every offset and length is checked against the image and against the
 * table it lies in, so a malformed image yields an error and a reason,
 * never a read outside it; record lists end at an end record, a zero
 * type or size, or the table's end.
 */

#define ROM_PCIR_PTR		0x18
#define ROM_PCIR_VENDOR		4
#define PCI_VENDOR_ATI		0x1002
#define ATOM_HEADER_PTR		0x48
#define ATOM_HEADER_MAGIC	4
#define ATOM_HEADER_DATA_LIST	0x20
#define ATOM_TABLE_HEADER	4

enum atom_data_table {
	ATOM_FIRMWARE_INFO = 4,
	ATOM_SUPPORTED_DEVICES = 9,
	ATOM_GPIO_I2C_INFO = 10,
	ATOM_GPIO_PIN_LUT = 12,
	ATOM_POWERPLAY_INFO = 15,
	ATOM_OBJECT_HEADER = 22,
	ATOM_INTEGRATED_SYSTEM_INFO = 30,
};

/*
 * SupportedDevicesInfo: the device bitmap, then a connector byte (DAC in
 * bits 3:0, type in bits 7:4) and an I2C id per device, then (format 2,
 * content revision 2 on) an interrupt source byte per device
 */
#define SD_DEVICE_SUPPORT	4
#define SD_CONN_INFO		6
#define SD_DEVICES_V1		10
#define SD_DEVICES_V2		16
#define SD_DAC(b)		((b) & 0xf)
#define SD_TYPE(b)		((b) >> 4)
#define SD_DAC_A		1
#define SD_TYPE_VGA		1
#define SD_TYPE_DVI_I		2
#define SD_TYPE_DVI_D		3
#define SD_INT_HPD1		0x4
#define SD_INT_HPD2		0xa

enum atom_device {
	ATOM_DEV_CRT1 = 0,
	ATOM_DEV_DFP1 = 3,
	ATOM_DEV_CRT2 = 4,
};

/* Object_Header: offsets of its sub-tables, from the table's start */
#define OBJ_DEVICE_SUPPORT	4
#define OBJ_CONNECTOR_TABLE	6
#define OBJ_PATH_TABLE		14
#define OBJ_HEADER_LEN		16

/* an object table: a count, 3 bytes of padding, 8-byte objects */
#define OBJ_TABLE_FIRST		4
#define OBJ_LEN			8
#define OBJ_RECORDS		4	/* the object's record list offset */

/* a display path: tag, size, connector, GPU, then graphic objects */
#define PATH_FIRST		4
#define PATH_TAG		0
#define PATH_SIZE		2
#define PATH_CONNECTOR		4
#define PATH_OBJECTS		8

#define OBJECT_ID(obj)		((obj) & 0xff)
#define OBJECT_TYPE(obj)	((obj) >> 12 & 0x7)
#define OBJECT_TYPE_ENCODER	2
#define OBJECT_TYPE_CONNECTOR	3

enum atom_connector_id {
	ATOM_CONN_DVI_I = 1,
	ATOM_CONN_DVI_I_DUAL = 2,
	ATOM_CONN_DVI_D = 3,
	ATOM_CONN_DVI_D_DUAL = 4,
	ATOM_CONN_VGA = 5,
};

enum atom_encoder_id {
	ATOM_ENC_KLDSCP_TMDS1 = 0x13,
	ATOM_ENC_KLDSCP_DAC1 = 0x15,
	ATOM_ENC_KLDSCP_DAC2 = 0x16,
};

/* DVI-I connectors with an analog half that r5xx looks for */
#define ATOM_MAX_ANALOG		4

/* TV and component video device tags: not driven */
#define ATOM_DEVICE_TV_CV	(BIT(2) | BIT(8))

enum atom_record {
	ATOM_RECORD_I2C = 1,
	ATOM_RECORD_HPD = 2,
	ATOM_RECORD_END = 0xff,
};

#define I2C_ENTRY_LEN		27
#define I2C_ENTRY_CLK_MASK	0
#define I2C_ENTRY_DATA_MASK	8
#define I2C_ENTRY_ID		16
#define I2C_ENTRY_CLK_SHIFT	17
#define I2C_ENTRY_DATA_SHIFT	21

#define PIN_ENTRY_LEN		4
#define PIN_ENTRY_REG		0
#define PIN_ENTRY_SHIFT		2
#define PIN_ENTRY_ID		3

#define FW_DEFAULT_SCLK		8
#define FW_DEFAULT_MCLK		12
#define FW_MAX_PLL_OUT		32
#define FW_MIN_PLL_OUT		56
#define FW_MAX_PIXCLK		72
#define FW_MIN_PLL_IN		74
#define FW_MAX_PLL_IN		76
#define FW_REF_CLOCK		82
#define FW_LEN			84

/*
 * IntegratedSystemInfo, content revision 1 (ATOM_INTEGRATED_SYSTEM_INFO)
 * and 2 (ATOM_INTEGRATED_SYSTEM_INFO_V2): byte offsets of what
 * rs690_pm_info reads, and how far each revision must reach
 */
#define IGP1_SIDEPORT_CLK	8	/* ulBootUpMemoryClock, 10 kHz */
#define IGP1_HT_CLK		36	/* usFSBClock, MHz */
#define IGP1_SYSTEM_CLK		42	/* usK8MemoryClock, MHz */
#define IGP1_HT_WIDTH		53	/* ucHTLinkWidth */
#define IGP1_LEN		54
#define IGP2_UMA_CLK		16	/* ulBootUpUMAClock, 10 kHz */
#define IGP2_SIDEPORT_CLK	20	/* ulBootUpSidePortClock, 10 kHz */
#define IGP2_HT_CLK		92	/* ulHTLinkFreq, 10 kHz */
#define IGP2_HT_WIDTH		96	/* usMinHTLinkWidth */
#define IGP2_LEN		98
/* no memory or link runs at 4 GHz or wider than 32 bits */
#define IGP_MAX_KHZ		4000000
#define IGP_MAX_WIDTH		32

/* the AVIVO DDC lines as r5xx drives them: clock bit 0, data bit 8 */
#define DDC_CLK_SHIFT		0
#define DDC_DATA_SHIFT		8
#define DDC_DELTA		(R5XX_DC_GPIO_DDC2_MASK - R5XX_DC_GPIO_DDC1_MASK)
#define DDC_LINES		3
#define HPD_PINS		3

/* a part of the image: [start, end) */
struct atom_span {
	const u8 *rom;
	size_t start, end;
};

static bool atom_u8(const struct atom_span *s, size_t off, u8 *v)
{
	if (off < s->start || off >= s->end)
		return false;
	*v = s->rom[off];
	return true;
}

static bool atom_u16(const struct atom_span *s, size_t off, u16 *v)
{
	if (off < s->start || off + 2 > s->end)
		return false;
	*v = s->rom[off] | s->rom[off + 1] << 8;
	return true;
}

static bool atom_u32(const struct atom_span *s, size_t off, u32 *v)
{
	u16 lo, hi;

	if (!atom_u16(s, off, &lo) || !atom_u16(s, off + 2, &hi))
		return false;
	*v = lo | (u32)hi << 16;
	return true;
}

/* the master list of data tables of an ATOM image */
static int atom_data_list(const struct atom_span *img, struct atom_span *list,
			  const char **why)
{
	u16 pcir, vendor, header, table, size;

	if (img->end < 2 || img->rom[0] != 0x55 || img->rom[1] != 0xaa) {
		*why = "no ROM signature";
		return -ENOENT;
	}
	if (!atom_u16(img, ROM_PCIR_PTR, &pcir) || (size_t)pcir + 8 > img->end ||
	    memcmp(img->rom + pcir, "PCIR", 4) ||
	    !atom_u16(img, pcir + ROM_PCIR_VENDOR, &vendor) ||
	    vendor != PCI_VENDOR_ATI) {
		*why = "not an ATI ROM";
		return -ENOENT;
	}
	if (!atom_u16(img, ATOM_HEADER_PTR, &header) ||
	    (size_t)header + ATOM_HEADER_MAGIC + 4 > img->end ||
	    (memcmp(img->rom + header + ATOM_HEADER_MAGIC, "ATOM", 4) &&
	     memcmp(img->rom + header + ATOM_HEADER_MAGIC, "MOTA", 4))) {
		*why = "not an ATOM BIOS";
		return -ENOENT;
	}
	if (!atom_u16(img, header + ATOM_HEADER_DATA_LIST, &table) ||
	    !atom_u16(img, table, &size) || size < ATOM_TABLE_HEADER ||
	    (size_t)table + size > img->end) {
		*why = "master data table list out of the image";
		return -EINVAL;
	}
	*list = (struct atom_span){ img->rom, table, (size_t)table + size };
	return 0;
}

/* data table @index of the image, and its format and content revisions */
static int atom_data_table_rev(const struct atom_span *img, unsigned int index,
			       struct atom_span *t, u8 *frev, u8 *crev,
			       const char **why)
{
	struct atom_span list;
	u16 off, size;
	int ret;

	ret = atom_data_list(img, &list, why);
	if (ret)
		return ret;
	if (!atom_u16(&list, list.start + ATOM_TABLE_HEADER + 2 * index, &off) ||
	    !off) {
		*why = "no such data table";
		return -ENOENT;
	}
	if (!atom_u16(img, off, &size) || !atom_u8(img, off + 2, frev) ||
	    !atom_u8(img, off + 3, crev) || size < ATOM_TABLE_HEADER ||
	    (size_t)off + size > img->end) {
		*why = "data table out of the image";
		return -EINVAL;
	}
	*t = (struct atom_span){ img->rom, off, (size_t)off + size };
	return 0;
}

/* data table @index of the image, format 1, content revision >= @min_crev */
static int atom_data_table(const struct atom_span *img, unsigned int index,
			   u8 min_crev, struct atom_span *t, const char **why)
{
	u8 frev, crev;
	int ret;

	ret = atom_data_table_rev(img, index, t, &frev, &crev, why);
	if (ret)
		return ret;
	if (frev != 1 || crev < min_crev) {
		*why = "data table revision not understood";
		return -ENOENT;
	}
	return 0;
}

/**
 * r5xx_atom_detect - whether a video BIOS image is an ATOM BIOS
 * @rom: the image
 * @len: its length in bytes
 *
 * Return: true if @rom is an ATI expansion ROM with an ATOM ROM header,
 * whatever the family of the GPU it came from.
 */
bool r5xx_atom_detect(const u8 *rom, size_t len)
{
	struct atom_span img = { rom, 0, len }, list;
	const char *why;

	return atom_data_list(&img, &list, &why) != -ENOENT;
}

/*
 * The legacy DDC pads (one register each, the pins' bits fixed): an R4xx
 * ATOM BIOS names these; the ROM's bit numbers are not checked.
 */
static const struct {
	u32 reg;
	enum r5xx_ddc_line line;
} atom_legacy_ddc[] = {
	{ R5XX_GPIO_VGA_DDC, R5XX_DDC_VGA },
	{ R5XX_GPIO_DVI_DDC, R5XX_DDC_DVI },
	{ R5XX_GPIO_MONID, R5XX_DDC_MONID },
	{ R5XX_GPIO_CRT2_DDC, R5XX_DDC_CRT2 },
};

/* the DDC line of I2C id @id (GPIO_I2C_Info), or R5XX_DDC_NONE */
static enum r5xx_ddc_line atom_ddc_line(const struct atom_span *img, u8 id)
{
	struct atom_span t;
	const char *why;
	unsigned int i;
	size_t e;
	u16 clk, data;
	u8 eid, clk_shift, data_shift;

	if (atom_data_table(img, ATOM_GPIO_I2C_INFO, 1, &t, &why))
		return R5XX_DDC_NONE;
	for (e = t.start + ATOM_TABLE_HEADER; e + I2C_ENTRY_LEN <= t.end;
	     e += I2C_ENTRY_LEN) {
		if (!atom_u8(&t, e + I2C_ENTRY_ID, &eid) || eid != id)
			continue;
		if (!atom_u16(&t, e + I2C_ENTRY_CLK_MASK, &clk) ||
		    !atom_u16(&t, e + I2C_ENTRY_DATA_MASK, &data) ||
		    !atom_u8(&t, e + I2C_ENTRY_CLK_SHIFT, &clk_shift) ||
		    !atom_u8(&t, e + I2C_ENTRY_DATA_SHIFT, &data_shift))
			return R5XX_DDC_NONE;
		for (i = 0; i < ARRAY_SIZE(atom_legacy_ddc); i++)
			if (clk == data && clk * 4 == atom_legacy_ddc[i].reg)
				return atom_legacy_ddc[i].line;
		if (clk != data || clk_shift != DDC_CLK_SHIFT ||
		    data_shift != DDC_DATA_SHIFT ||
		    clk * 4 < R5XX_DC_GPIO_DDC1_MASK ||
		    (clk * 4 - R5XX_DC_GPIO_DDC1_MASK) % DDC_DELTA ||
		    (clk * 4 - R5XX_DC_GPIO_DDC1_MASK) / DDC_DELTA >= DDC_LINES)
			return R5XX_DDC_NONE;
		return R5XX_DDC_AVIVO1 +
		       (clk * 4 - R5XX_DC_GPIO_DDC1_MASK) / DDC_DELTA;
	}
	return R5XX_DDC_NONE;
}

/* the HPD pin (1..3) of GPIO id @id (GPIO_Pin_LUT), or 0 */
static u8 atom_hpd_pin(const struct atom_span *img, u8 id)
{
	struct atom_span t;
	const char *why;
	size_t e;
	u16 reg;
	u8 eid, shift;

	if (atom_data_table(img, ATOM_GPIO_PIN_LUT, 1, &t, &why))
		return 0;
	for (e = t.start + ATOM_TABLE_HEADER; e + PIN_ENTRY_LEN <= t.end;
	     e += PIN_ENTRY_LEN) {
		if (!atom_u8(&t, e + PIN_ENTRY_ID, &eid) || eid != id)
			continue;
		if (!atom_u16(&t, e + PIN_ENTRY_REG, &reg) ||
		    !atom_u8(&t, e + PIN_ENTRY_SHIFT, &shift) ||
		    reg * 4 != R5XX_DC_GPIO_HPD_A || shift % 8 ||
		    shift / 8 >= HPD_PINS)
			return 0;
		return shift / 8 + 1;
	}
	return 0;
}

/* DDC and HPD of connector object @conn from its records */
static void atom_connector_records(const struct atom_span *img,
				   const struct atom_span *obj, u16 conn,
				   struct r5xx_connector_info *c)
{
	u16 table, id, rec;
	size_t o;
	u8 n, type, size, arg;

	c->ddc = R5XX_DDC_NONE;
	c->hpd = 0;
	if (!atom_u16(obj, obj->start + OBJ_CONNECTOR_TABLE, &table))
		return;
	if (!atom_u8(obj, obj->start + table, &n))
		return;
	for (o = obj->start + table + OBJ_TABLE_FIRST;
	     n && o + OBJ_LEN <= obj->end; o += OBJ_LEN, n--) {
		if (!atom_u16(obj, o, &id) || id != conn)
			continue;
		if (!atom_u16(obj, o + OBJ_RECORDS, &rec))
			return;
		for (o = obj->start + rec;
		     atom_u8(obj, o, &type) && atom_u8(obj, o + 1, &size) &&
		     type && type != ATOM_RECORD_END && size >= 2;
		     o += size) {
			if (size < 3 || !atom_u8(obj, o + 2, &arg))
				continue;
			if (type == ATOM_RECORD_I2C)
				c->ddc = atom_ddc_line(img, arg);
			else if (type == ATOM_RECORD_HPD)
				c->hpd = atom_hpd_pin(img, arg);
		}
		return;
	}
}

/* the output of encoder object @enc for a connector of type @type */
static bool atom_output(u16 enc, int type, enum r5xx_output *output)
{
	if (OBJECT_TYPE(enc) != OBJECT_TYPE_ENCODER)
		return false;
	switch (OBJECT_ID(enc)) {
	case ATOM_ENC_KLDSCP_DAC1:
		*output = R5XX_OUTPUT_DAC1;
		return type == DRM_MODE_CONNECTOR_VGA;
	case ATOM_ENC_KLDSCP_TMDS1:
		*output = R5XX_OUTPUT_TMDS1;
		return type != DRM_MODE_CONNECTOR_VGA;
	default:
		return false;
	}
}

static int atom_connector_type(u16 conn)
{
	if (OBJECT_TYPE(conn) != OBJECT_TYPE_CONNECTOR)
		return DRM_MODE_CONNECTOR_Unknown;
	switch (OBJECT_ID(conn)) {
	case ATOM_CONN_VGA:
		return DRM_MODE_CONNECTOR_VGA;
	case ATOM_CONN_DVI_I:
	case ATOM_CONN_DVI_I_DUAL:
		return DRM_MODE_CONNECTOR_DVII;
	case ATOM_CONN_DVI_D:
	case ATOM_CONN_DVI_D_DUAL:
		return DRM_MODE_CONNECTOR_DVID;
	default:
		return DRM_MODE_CONNECTOR_Unknown;
	}
}

/* the connector of display path @p (of @size bytes), if r5xx drives it */
static bool atom_path(const struct atom_span *img, const struct atom_span *obj,
		      size_t p, u16 size, struct r5xx_connector_info *c,
		      u16 *conn_out)
{
	u16 conn, enc;
	size_t o;

	if (!atom_u16(obj, p + PATH_CONNECTOR, &conn))
		return false;
	c->type = atom_connector_type(conn);
	if (c->type == DRM_MODE_CONNECTOR_Unknown)
		return false;
	for (o = p + PATH_OBJECTS; o + 2 <= p + size; o += 2) {
		if (!atom_u16(obj, o, &enc))
			return false;
		if (atom_output(enc, c->type, &c->output)) {
			atom_connector_records(img, obj, conn, c);
			*conn_out = conn;
			return true;
		}
	}
	return false;
}

/* display path @p's connector if it is a DVI-I connector's DAC B half */
static bool atom_analog_path(const struct atom_span *obj, size_t p, u16 size,
			     u16 *conn)
{
	u16 enc;
	size_t o;

	if (!atom_u16(obj, p + PATH_CONNECTOR, conn) ||
	    atom_connector_type(*conn) != DRM_MODE_CONNECTOR_DVII)
		return false;
	for (o = p + PATH_OBJECTS; o + 2 <= p + size; o += 2)
		if (atom_u16(obj, o, &enc) &&
		    OBJECT_TYPE(enc) == OBJECT_TYPE_ENCODER &&
		    OBJECT_ID(enc) == ATOM_ENC_KLDSCP_DAC2)
			return true;
	return false;
}

/*
 * The DVI-I connectors (by connector object) whose analog half is a display
 * path of its own to DAC B, as upstream radeon merges paths by connector
 * object; a malformed path ends the search (r5xx_atom_connectors says why).
 */
static unsigned int atom_analog_halves(const struct atom_span *obj, size_t p,
				       u8 num, u16 devices,
				       u16 conns[ATOM_MAX_ANALOG])
{
	unsigned int i, n = 0;
	u16 tag, size, conn;

	for (i = 0; i < num && n < ATOM_MAX_ANALOG; i++, p += size) {
		if (!atom_u16(obj, p + PATH_TAG, &tag) ||
		    !atom_u16(obj, p + PATH_SIZE, &size) ||
		    size < PATH_OBJECTS || size % 2 || p + size > obj->end)
			break;
		if (tag & devices && !(tag & ATOM_DEVICE_TV_CV) &&
		    atom_analog_path(obj, p, size, &conn))
			conns[n++] = conn;
	}
	return n;
}

/**
 * r5xx_atom_connectors - read the connectors of an ATOM BIOS
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @out: the connectors r5xx can drive
 * @max: room in @out
 * @why: set to the reason when the return is negative
 *
 * Return: the number of connectors put in @out (0 if the object table
 * lists none that r5xx drives), -ENOENT if @rom is not an ATOM image or
 * has no object table r5xx understands, -EINVAL if an offset or length
 * leads out of the image or its table.
 */
int r5xx_atom_connectors(const u8 *rom, size_t len,
			 struct r5xx_connector_info *out, unsigned int max,
			 const char **why)
{
	struct atom_span img = { rom, 0, len }, obj;
	u16 devices, paths, tag, size, conn, analog[ATOM_MAX_ANALOG];
	unsigned int i, j, k, na, n = 0;
	size_t p;
	u8 num;
	int ret;

	ret = atom_data_table(&img, ATOM_OBJECT_HEADER, 2, &obj, why);
	if (ret)
		return ret;
	if (obj.end - obj.start < OBJ_HEADER_LEN ||
	    !atom_u16(&obj, obj.start + OBJ_DEVICE_SUPPORT, &devices) ||
	    !atom_u16(&obj, obj.start + OBJ_PATH_TABLE, &paths) ||
	    !atom_u8(&obj, obj.start + paths, &num)) {
		*why = "display path table out of the object table";
		return -EINVAL;
	}
	p = obj.start + paths + PATH_FIRST;
	na = atom_analog_halves(&obj, p, num, devices, analog);
	for (i = 0; i < num && n < max; i++, p += size) {
		struct r5xx_connector_info c = { };

		if (!atom_u16(&obj, p + PATH_TAG, &tag) ||
		    !atom_u16(&obj, p + PATH_SIZE, &size) ||
		    size < PATH_OBJECTS || size % 2 || p + size > obj.end) {
			*why = "display path out of the object table";
			return -EINVAL;
		}
		if (!(tag & devices) || tag & ATOM_DEVICE_TV_CV ||
		    !atom_path(&img, &obj, p, size, &c, &conn))
			continue;
		for (k = 0; k < na; k++)
			if (c.type == DRM_MODE_CONNECTOR_DVII && analog[k] == conn)
				c.dac2 = true;
		/* one connector per output: r5xx cannot share an encoder */
		for (j = 0; j < n && out[j].output != c.output; j++)
			;
		if (j == n)
			out[n++] = c;
	}
	return n;
}

/**
 * r5xx_atom_clocks - read the pixel PLL data of an ATOM BIOS
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @clk: the clocks, set only on success
 * @why: set to the reason when the return is negative
 *
 * Return: 0, -ENOENT if @rom is not an ATOM image or has no FirmwareInfo
 * r5xx understands, -EINVAL if the table leads out of the image or its
 * clocks are implausible (a zero reference, an empty range, no pixel clock).
 */
int r5xx_atom_clocks(const u8 *rom, size_t len, struct r5xx_atom_clocks *clk,
		     const char **why)
{
	struct atom_span img = { rom, 0, len }, t;
	u16 ref, in_min, in_max, pixclk;
	u32 vco_min, vco_max, sclk, mclk;
	int ret;

	ret = atom_data_table(&img, ATOM_FIRMWARE_INFO, 2, &t, why);
	if (ret)
		return ret;
	if (t.end - t.start < FW_LEN ||
	    !atom_u16(&t, t.start + FW_REF_CLOCK, &ref) ||
	    !atom_u16(&t, t.start + FW_MIN_PLL_IN, &in_min) ||
	    !atom_u16(&t, t.start + FW_MAX_PLL_IN, &in_max) ||
	    !atom_u32(&t, t.start + FW_MIN_PLL_OUT, &vco_min) ||
	    !atom_u32(&t, t.start + FW_MAX_PLL_OUT, &vco_max) ||
	    !atom_u16(&t, t.start + FW_MAX_PIXCLK, &pixclk) ||
	    !atom_u32(&t, t.start + FW_DEFAULT_SCLK, &sclk) ||
	    !atom_u32(&t, t.start + FW_DEFAULT_MCLK, &mclk)) {
		*why = "FirmwareInfo too short";
		return -EINVAL;
	}
	/* 10 kHz units; no PLL runs above 4 GHz */
	if (!ref || !in_min || in_min >= in_max || !vco_min ||
	    vco_min >= vco_max || vco_max > 400000 || !pixclk) {
		*why = "implausible PLL limits";
		return -EINVAL;
	}
	clk->ref_khz = ref * 10;
	clk->in_min_khz = in_min * 10;
	clk->in_max_khz = in_max * 10;
	clk->vco_min_khz = vco_min * 10;
	clk->vco_max_khz = vco_max * 10;
	clk->max_pixclk_khz = pixclk * 10;
	/* no engine runs at 4 GHz: anything above is no clock */
	clk->sclk_khz = sclk <= 400000 ? sclk * 10 : 0;
	clk->mclk_khz = mclk <= 400000 ? mclk * 10 : 0;
	return 0;
}

/* the connector of SupportedDevicesInfo device @dev, if r5xx drives it */
static bool atom_device(const struct atom_span *img, unsigned int dev,
			u8 info, u8 i2c_id, struct r5xx_connector_info *c)
{
	switch (dev) {
	case ATOM_DEV_CRT1:
	case ATOM_DEV_CRT2:
		/* upstream: a CRT is VGA whatever the table says */
		if (SD_DAC(info) != SD_DAC_A)
			return false;
		c->type = DRM_MODE_CONNECTOR_VGA;
		c->output = R5XX_OUTPUT_DAC1;
		break;
	case ATOM_DEV_DFP1:
		if (SD_TYPE(info) == SD_TYPE_DVI_I)
			c->type = DRM_MODE_CONNECTOR_DVII;
		else if (SD_TYPE(info) == SD_TYPE_DVI_D)
			c->type = DRM_MODE_CONNECTOR_DVID;
		else
			return false;
		c->output = R5XX_OUTPUT_TMDS1;
		break;
	default:
		return false;
	}
	c->ddc = atom_ddc_line(img, i2c_id);
	return true;
}

/**
 * r5xx_atom_devices - read the connectors of an ATOM BIOS's
 *	SupportedDevicesInfo
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @out: the connectors r5xx can drive
 * @max: room in @out
 * @why: set to the reason when the return is negative
 *
 * Upstream radeon reads this table before the object table. A CRT and a
 * DFP on the same DDC line are one DVI-I connector (digital only here);
 * otherwise there is one connector per output, in device order.
 *
 * Return: the number of connectors put in @out (0 if the table lists none
 * that r5xx drives), -ENOENT if @rom is not an ATOM image or has no such
 * table in a format r5xx understands, -EINVAL if the table is shorter than
 * the entries its format has or leads out of the image.
 */
int r5xx_atom_devices(const u8 *rom, size_t len,
		      struct r5xx_connector_info *out, unsigned int max,
		      const char **why)
{
	struct atom_span img = { rom, 0, len }, t;
	struct r5xx_connector_info c;
	unsigned int dev, devs, j, n = 0;
	u8 frev, crev, info, i2c, isb;
	u8 ids[R5XX_OUTPUT_TMDS1 + 1] = { 0 };
	bool int_src;
	u16 support;
	size_t need;
	int ret;

	ret = atom_data_table_rev(&img, ATOM_SUPPORTED_DEVICES, &t, &frev,
				  &crev, why);
	if (ret)
		return ret;
	if (frev < 1 || frev > 2) {
		*why = "SupportedDevicesInfo format not understood";
		return -ENOENT;
	}
	devs = frev > 1 ? SD_DEVICES_V2 : SD_DEVICES_V1;
	int_src = frev > 1 && crev > 1;
	need = SD_CONN_INFO + 2 * devs + (int_src ? devs : 0);
	if (t.end - t.start < need ||
	    !atom_u16(&t, t.start + SD_DEVICE_SUPPORT, &support)) {
		*why = "SupportedDevicesInfo shorter than its entries";
		return -EINVAL;
	}
	for (dev = 0; dev < devs && n < max; dev++) {
		if (!(support & BIT(dev)))
			continue;
		if (!atom_u8(&t, t.start + SD_CONN_INFO + 2 * dev, &info) ||
		    !atom_u8(&t, t.start + SD_CONN_INFO + 2 * dev + 1, &i2c)) {
			*why = "SupportedDevicesInfo entry out of the table";
			return -EINVAL;
		}
		c = (struct r5xx_connector_info){ };
		if (!atom_device(&img, dev, info, i2c, &c))
			continue;
		if (c.output == R5XX_OUTPUT_TMDS1) {
			if (!int_src)
				c.hpd = 1;
			else if (atom_u8(&t, t.start + SD_CONN_INFO + 2 * devs +
					 dev, &isb))
				c.hpd = isb == SD_INT_HPD1 ? 1 :
					isb == SD_INT_HPD2 ? 2 : 0;
		}
		for (j = 0; j < n && out[j].output != c.output; j++)
			;
		if (j < n)
			continue;	/* one connector per output */
		/* a DFP on the DDC line of a CRT: the two are DVI-I */
		for (j = 0; j < n; j++)
			if (ids[out[j].output] == i2c)
				break;
		if (j < n) {
			c.type = DRM_MODE_CONNECTOR_DVII;
			c.output = R5XX_OUTPUT_TMDS1;
			if (out[j].output == R5XX_OUTPUT_TMDS1)
				c.hpd = out[j].hpd;
			ids[c.output] = i2c;
			out[j] = c;
			continue;
		}
		ids[c.output] = i2c;
		out[n++] = c;
	}
	return n;
}

/* rs690_pm_info's numbers without a usable table: the slowest */
static const struct r5xx_atom_igp atom_igp_safe = {
	.sideport_mclk_khz = 200000,
	.system_mclk_khz = 200000,
	.ht_link_khz = 1000000,
	.ht_link_width = 8,
	.sideport = false,
};

static int atom_igp_v1(const struct atom_span *t, u32 default_mclk_khz,
		       struct r5xx_atom_igp *igp)
{
	u32 sideport;
	u16 system, ht;
	u8 width;

	if (t->end - t->start < IGP1_LEN ||
	    !atom_u32(t, t->start + IGP1_SIDEPORT_CLK, &sideport) ||
	    !atom_u16(t, t->start + IGP1_HT_CLK, &ht) ||
	    !atom_u16(t, t->start + IGP1_SYSTEM_CLK, &system) ||
	    !atom_u8(t, t->start + IGP1_HT_WIDTH, &width))
		return -EINVAL;
	igp->sideport_mclk_khz = sideport * 10;
	igp->system_mclk_khz = system ? system * 1000 :
			       default_mclk_khz ?: 400000;
	igp->ht_link_khz = ht * 1000;
	igp->ht_link_width = width;
	igp->sideport = sideport;
	return 0;
}

static int atom_igp_v2(const struct atom_span *t, u32 default_mclk_khz,
		       struct r5xx_atom_igp *igp)
{
	u32 uma, sideport, ht;
	u16 width;

	if (t->end - t->start < IGP2_LEN ||
	    !atom_u32(t, t->start + IGP2_UMA_CLK, &uma) ||
	    !atom_u32(t, t->start + IGP2_SIDEPORT_CLK, &sideport) ||
	    !atom_u32(t, t->start + IGP2_HT_CLK, &ht) ||
	    !atom_u16(t, t->start + IGP2_HT_WIDTH, &width))
		return -EINVAL;
	if (uma > IGP_MAX_KHZ / 10 || sideport > IGP_MAX_KHZ / 10 ||
	    ht > IGP_MAX_KHZ / 10)
		return -EINVAL;
	igp->sideport_mclk_khz = sideport * 10;
	igp->system_mclk_khz = uma ? uma * 10 : default_mclk_khz ?: 667000;
	igp->ht_link_khz = ht * 10;
	igp->ht_link_width = width;
	igp->sideport = sideport;
	return 0;
}

/**
 * r5xx_atom_igp_info - the memory and link clocks of an IGP's ATOM BIOS
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @default_mclk_khz: the memory clock FirmwareInfo gives, 0 if none
 * @igp: the clocks, as rs690_pm_info and radeon_atombios_sideport_present
 *	read IntegratedSystemInfo (content revisions 1 and 2): with a zero
 *	system memory clock the table stands for @default_mclk_khz, or 400
 *	MHz (revision 1) or 667 MHz (revision 2); on an error the slowest
 *	clocks rs690_pm_info assumes (200 MHz memory, a 1 GHz 8-bit HT link,
 *	no sideport memory)
 * @why: set to the reason when the return is negative
 *
 * Return: 0, -ENOENT if @rom is not an ATOM image or has no
 * IntegratedSystemInfo of a revision r5xx understands, -EINVAL if the table
 * is shorter than its revision or holds an implausible clock or width.
 */
int r5xx_atom_igp_info(const u8 *rom, size_t len, u32 default_mclk_khz,
		       struct r5xx_atom_igp *igp, const char **why)
{
	struct atom_span img = { rom, 0, len }, t;
	u8 frev, crev;
	int ret;

	*igp = atom_igp_safe;
	ret = atom_data_table_rev(&img, ATOM_INTEGRATED_SYSTEM_INFO, &t, &frev,
				  &crev, why);
	if (ret)
		return ret;
	if (frev != 1 || (crev != 1 && crev != 2)) {
		*why = "IntegratedSystemInfo revision not understood";
		return -ENOENT;
	}
	ret = crev == 1 ? atom_igp_v1(&t, default_mclk_khz, igp) :
			  atom_igp_v2(&t, default_mclk_khz, igp);
	if (!ret && (igp->system_mclk_khz > IGP_MAX_KHZ ||
		     igp->ht_link_width > IGP_MAX_WIDTH))
		ret = -EINVAL;
	if (ret) {
		*why = "IntegratedSystemInfo too short or implausible";
		*igp = atom_igp_safe;
	}
	return ret;
}

/*
 * PowerPlayInfo before PPLib (format revisions 1-3, what R5xx boards
 * carry): after the header, 4 overdrive bytes, the entry size and count,
 * then up to 8 ATOM_POWERMODE_INFO entries: format 1 has ulMiscInfo, two
 * reserved dwords and 16-bit clocks (21 bytes), format 2 ulMiscInfo,
 * ulMiscInfo2 and 32-bit clocks (21 bytes), format 3 one byte more (22).
 * Clocks are in 10 kHz.
 */
#define PP_NUM_MODES		(ATOM_TABLE_HEADER + 5)
#define PP_MODES		(ATOM_TABLE_HEADER + 6)
#define PP_MAX_MODES		8
#define PP_MAX_CLOCK		400000	/* 4 GHz in 10 kHz: none is faster */
#define PP_MISC_PERFORMANCE	BIT(4)	/* LOAD_PERFORMANCE_EN */
#define PP_MISC_BALANCED	BIT(11)	/* LOAD_BALANCE_EN */
#define PP_MISC_DC		(BIT(12) | BIT(13))	/* (LOW_)DC_STATE_ENTRY */
#define PP_MISC_DEFAULT		BIT(15)	/* DRIVER_DEFAULT_MODE */
#define PP_MISC_POWERSAVE	BIT(18)	/* POWER_SAVING_MODE */
#define PP_MISC_3D		BIT(31)	/* 3D_ACCELERATION_EN */
#define PP_MISC2_AC_LITE	BIT(4)	/* SYSTEM_AC_LITE_MODE */

/* an entry's use from its misc words, in radeon's order of precedence */
static enum r5xx_pm_state_type atom_pp_type(u32 misc, u32 misc2)
{
	enum r5xx_pm_state_type type = R5XX_PM_STATE_USER;

	if (misc & PP_MISC_POWERSAVE)
		type = R5XX_PM_STATE_POWERSAVE;
	if (misc & PP_MISC_DC)
		type = R5XX_PM_STATE_BATTERY;
	if (misc & PP_MISC_BALANCED)
		type = R5XX_PM_STATE_BALANCED;
	if (misc & PP_MISC_3D)
		type = R5XX_PM_STATE_PERFORMANCE;
	if (misc2 & PP_MISC2_AC_LITE)
		type = R5XX_PM_STATE_BALANCED;
	if (misc & PP_MISC_DEFAULT)
		type = R5XX_PM_STATE_DEFAULT;
	return type;
}

/**
 * r5xx_atom_power_states - the engine/memory clock states of PowerPlayInfo
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @pt: the states, lowest first; entries with a zero clock are skipped,
 *	as radeon skips them
 * @why: set to the reason when the return is negative
 *
 * Reads the pre-PPLib tables (format revisions 1 to 3) of R5xx boards.
 * The lowest state is marked not for use with a lit display unless it is
 * the default, as radeon_atombios_parse_power_table_1_3 marks it.
 *
 * Return: the number of states (0 if every entry was skipped), -ENOENT if
 * @rom is not an ATOM image or has no PowerPlayInfo of those revisions,
 * -EINVAL if an entry lies outside the table or a clock is beyond 4 GHz.
 * @pt is empty after an error.
 */
int r5xx_atom_power_states(const u8 *rom, size_t len, struct r5xx_pm_table *pt,
			   const char **why)
{
	struct atom_span img = { rom, 0, len }, t;
	unsigned int i, n, size;
	u8 frev, crev, count;
	int ret;

	memset(pt, 0, sizeof(*pt));
	pt->default_idx = -1;
	ret = atom_data_table_rev(&img, ATOM_POWERPLAY_INFO, &t, &frev, &crev,
				  why);
	if (ret)
		return ret;
	if (frev < 1 || frev > 3) {
		*why = "PowerPlayInfo revision not understood (PPLib is not R5xx's)";
		return -ENOENT;
	}
	size = frev == 3 ? 22 : 21;
	if (!atom_u8(&t, t.start + PP_NUM_MODES, &count)) {
		*why = "PowerPlayInfo too short";
		return -EINVAL;
	}
	n = min_t(unsigned int, count, PP_MAX_MODES);
	for (i = 0; i < n; i++) {
		size_t e = t.start + PP_MODES + (size_t)i * size;
		struct r5xx_pm_state *st = &pt->state[pt->num];
		u32 misc, misc2 = 0, sclk = 0, mclk = 0;
		u16 s16 = 0, m16 = 0;

		if (!atom_u32(&t, e, &misc) || !atom_u8(&t, e + size - 1, &crev)) {
			*why = "PowerPlayInfo entry outside the table";
			goto bad;
		}
		/* the entry's last byte is inside, so are its clocks */
		if (frev == 1) {
			atom_u16(&t, e + 12, &s16);
			atom_u16(&t, e + 14, &m16);
			sclk = s16;
			mclk = m16;
		} else {
			atom_u32(&t, e + 4, &misc2);
			atom_u32(&t, e + 8, &sclk);
			atom_u32(&t, e + 12, &mclk);
		}
		if (!sclk || !mclk)
			continue;
		if (sclk > PP_MAX_CLOCK || mclk > PP_MAX_CLOCK) {
			*why = "PowerPlayInfo clock beyond 4 GHz";
			goto bad;
		}
		st->sclk_khz = sclk * 10;
		st->mclk_khz = mclk * 10;
		st->type = atom_pp_type(misc, misc2);
		st->single_display = !(misc & PP_MISC_3D);
		if (st->type == R5XX_PM_STATE_DEFAULT)
			pt->default_idx = pt->num;
		else if (pt->num == 0)
			st->no_display = true;
		pt->num++;
	}
	return pt->num;
bad:
	memset(pt, 0, sizeof(*pt));
	pt->default_idx = -1;
	return -EINVAL;
}
