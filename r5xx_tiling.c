// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/types.h>

#include <drm/radeon_drm.h>

#include "r5xx_facts.h"
#include "r5xx_tiling.h"

/**
 * DOC: tiling
 *
 * Pure layout arithmetic, shared by the command-stream checker, the
 * SET_TILING ioctl and the host tests; nothing here touches the hardware.
 *
 * The R3xx-R5xx colour, Z, texture and 2D units address memory in 32-byte
 * micro blocks, grouped into 2 KiB macro blocks (guide section 2).  Either
 * level may be linear or tiled, which gives the unit a surface is built
 * from:
 *
 * =======  ==============  ===========  ============  ============
 * pixel    micro linear    micro tiled  macro tiled,  macro tiled,
 *                                       micro linear  micro tiled
 * =======  ==============  ===========  ============  ============
 * 8 bit    32x1            8x4          256x8         64x32
 * 16 bit   16x1            8x2 (4x4)    128x8         64x16 (32x32)
 * 32 bit   8x1             4x2          64x8          32x16
 * 64 bit   4x1             2x2          32x8          16x16
 * 128 bit  2x1             -            16x8          -
 * =======  ==============  ===========  ============  ============
 *
 * The 4x4 micro tile (R5XX_TILE_SQUARE) exists for 16-bit pixels only.  The
 * micro tile sizes and the 2D pixel sizes come from the generated
 * r5xx_facts.h (regs/r5xx.regs), which the QEMU model uses too.  A
 * tiled surface is a grid of whole units, row after row, so a pixel lies in
 * the unit (x / tw, y / th) and nothing of the surface lies beyond the end
 * of the last unit touched (r5xx_surface_end()).  Mip levels, cube faces
 * and 3D slices follow each other, each level padded to whole units; a
 * macro-tiled chain turns macro-linear from the first level smaller than a
 * macro tile (guide 4.5, r5xx_texture_size()).
 */

/**
 * r5xx_tile_dims() - size of the unit a surface layout is built from
 * @cpp: bytes per pixel (or per compressed block): 1, 2, 4, 8 or 16
 * @mode: R5XX_TILE_* layout
 * @tw: returns the width of the unit in pixels
 * @th: returns the height of the unit in pixels
 *
 * The unit is a 32-byte micro block for macro-linear layouts and a 2 KiB
 * macro block for macro-tiled ones.
 *
 * Return: 0, or -EINVAL if the hardware has no such layout.
 */
int r5xx_tile_dims(u32 cpp, u32 mode, u32 *tw, u32 *th)
{
	if (cpp != 1 && cpp != 2 && cpp != 4 && cpp != 8 && cpp != 16)
		return -EINVAL;
	if (mode & ~(R5XX_TILE_MACRO | R5XX_TILE_MICRO | R5XX_TILE_SQUARE))
		return -EINVAL;
	if ((mode & R5XX_TILE_SQUARE) && !(mode & R5XX_TILE_MICRO))
		return -EINVAL;
	if (mode & R5XX_TILE_MICRO) {
		if (!r5xx_micro_tile(cpp, !!(mode & R5XX_TILE_SQUARE), tw, th))
			return -EINVAL;
	} else {
		*tw = R5XX_MICRO_TILE_BYTES / cpp;
		*th = 1;
	}
	if (mode & R5XX_TILE_MACRO) {
		*tw *= R5XX_MACRO_TILE_MICROS;
		*th *= R5XX_MACRO_TILE_MICROS;
	}
	return 0;
}

/**
 * r5xx_tiling_mode() - layout of a buffer object from its tiling flags
 * @tiling_flags: RADEON_TILING_* flags of SET_TILING
 *
 * MICRO wins over MICRO_SQUARE, as in upstream radeon's checker.
 *
 * Return: R5XX_TILE_* flags.
 */
u32 r5xx_tiling_mode(u32 tiling_flags)
{
	u32 mode = 0;

	if (tiling_flags & RADEON_TILING_MACRO)
		mode |= R5XX_TILE_MACRO;
	if (tiling_flags & RADEON_TILING_MICRO)
		mode |= R5XX_TILE_MICRO;
	else if (tiling_flags & RADEON_TILING_MICRO_SQUARE)
		mode |= R5XX_TILE_MICRO | R5XX_TILE_SQUARE;
	return mode;
}

/**
 * r5xx_tiling_pitch_align() - pitch alignment of a layout
 * @cpp: bytes per pixel
 * @mode: R5XX_TILE_* layout
 *
 * Return: the byte multiple every row pitch of the layout must be (the width
 * of its unit), or 0 if the layout does not exist.
 */
u32 r5xx_tiling_pitch_align(u32 cpp, u32 mode)
{
	u32 tw, th;

	if (r5xx_tile_dims(cpp, mode, &tw, &th))
		return 0;
	return tw * cpp;
}

/**
 * r5xx_tiling_check() - check the tiling flags and pitch of a buffer object
 * @tiling_flags: RADEON_TILING_* flags
 * @pitch: row pitch in bytes, 0 if not given
 * @cpp: bytes per pixel, 0 if not known
 *
 * Flags must be ones R3xx-R5xx know (the Evergreen fields are not), MICRO and
 * MICRO_SQUARE and the two byte swaps exclude each other; when @cpp is known
 * the layout must exist for it and @pitch must be a multiple of its unit
 * width, else of a 32-byte micro block.  Upstream radeon accepts any flags on
 * these chips, so callers that must stay compatible use this as advice.
 *
 * Return: 0 or -EINVAL.
 */
int r5xx_tiling_check(u32 tiling_flags, u32 pitch, u32 cpp)
{
	const u32 known = RADEON_TILING_MACRO | RADEON_TILING_MICRO |
			  RADEON_TILING_SWAP_16BIT | RADEON_TILING_SWAP_32BIT |
			  RADEON_TILING_SURFACE | RADEON_TILING_MICRO_SQUARE;
	u32 align;

	if (tiling_flags & ~known)
		return -EINVAL;
	if ((tiling_flags & RADEON_TILING_MICRO) &&
	    (tiling_flags & RADEON_TILING_MICRO_SQUARE))
		return -EINVAL;
	if ((tiling_flags & RADEON_TILING_SWAP_16BIT) &&
	    (tiling_flags & RADEON_TILING_SWAP_32BIT))
		return -EINVAL;
	if (!cpp)
		return pitch % 32 ? -EINVAL : 0;
	align = r5xx_tiling_pitch_align(cpp, r5xx_tiling_mode(tiling_flags));
	if (!align || pitch % align)
		return -EINVAL;
	return 0;
}

/**
 * r5xx_surface_end() - end of the bytes a rectangle of a surface touches
 * @s: the surface
 * @x1: one past the rightmost pixel column
 * @y1: one past the bottom pixel row
 * @end: returns the offset from the surface start of the first byte after
 *	 every unit that holds a pixel of [0, @x1) x [0, @y1)
 *
 * A linear surface touches exactly the pixels' bytes; a tiled one whole
 * units, laid out row after row at a pitch rounded up to whole units.
 * The result is exact for the last row, so a pitch narrower than @x1 is
 * accounted for.  At most 2^32 * 2^32 * 16 bytes: no overflow in u64 as long
 * as the arguments are below 2^24.
 *
 * Return: 0, or -EINVAL if the layout does not exist.
 */
int r5xx_surface_end(const struct r5xx_surface *s, u32 x1, u32 y1, u64 *end)
{
	u32 tw, th, pitch;
	int ret;

	ret = r5xx_tile_dims(s->cpp, s->mode, &tw, &th);
	if (ret)
		return ret;
	if (!x1 || !y1) {
		*end = 0;
		return 0;
	}
	if (!s->mode) {
		*end = ((u64)(y1 - 1) * s->pitch + x1) * s->cpp;
		return 0;
	}
	pitch = roundup(s->pitch, tw);
	*end = (u64)((y1 - 1) / th) * th * pitch * s->cpp +
	       (u64)DIV_ROUND_UP(x1, tw) * tw * th * s->cpp;
	return 0;
}

/**
 * r5xx_surface_rows_end() - end of the first rows of a surface, whole units
 * @s: the surface
 * @y1: number of pixel rows
 * @end: returns the byte size of the unit rows holding rows [0, @y1) at the
 *	 full pitch, as an allocator lays them out
 *
 * Return: 0, or -EINVAL if the layout does not exist.
 */
int r5xx_surface_rows_end(const struct r5xx_surface *s, u32 y1, u64 *end)
{
	u32 tw, th, pitch;
	int ret;

	ret = r5xx_tile_dims(s->cpp, s->mode, &tw, &th);
	if (ret)
		return ret;
	pitch = s->mode ? roundup(s->pitch, tw) : s->pitch;
	*end = (u64)roundup(y1, th) * pitch * s->cpp;
	return 0;
}

/**
 * r5xx_tex_format() - texel block of a texture format
 * @txformat: TX_FORMAT1.TXFORMAT (5 bits)
 * @msb: TX_FORMAT2.TXFORMAT_MSB (R5xx only): selects the second format set
 * @t: returns the block size
 *
 * Return: 0, or -EINVAL for reserved formats.
 */
int r5xx_tex_format(u32 txformat, bool msb, struct r5xx_texel *t)
{
	/* bytes per texel of the 32 first-set formats; 0x80: 4x4 blocks of & 0x7f */
	static const u8 set0[32] = {
		[0x00] = 1, [0x01] = 2, [0x02] = 1, [0x03] = 2, [0x04] = 4,
		[0x05] = 1, [0x06] = 2, [0x07] = 2, [0x08] = 4, [0x09] = 4,
		[0x0a] = 2, [0x0b] = 2, [0x0c] = 4, [0x0d] = 4, [0x0e] = 8,
		[0x0f] = 0x80 | 8,	/* DXT1 */
		[0x10] = 0x80 | 16,	/* DXT3 */
		[0x11] = 0x80 | 16,	/* DXT5 */
		[0x12] = 2, [0x14] = 2, [0x15] = 2, [0x17] = 4, [0x18] = 2,
		[0x19] = 4, [0x1a] = 8, [0x1b] = 4, [0x1c] = 8, [0x1d] = 16,
		[0x1e] = 4,
		[0x1f] = 0x80 | 16,	/* ATI2N */
	};
	/* R5xx: X1, X1_REV, X10, Y10X10, W10Z10Y10X10, ATI1N, Y8X24 */
	static const u8 set1[32] = {
		[0x00] = 1, [0x01] = 1, [0x02] = 2, [0x03] = 4, [0x04] = 8,
		[0x05] = 0x80 | 8, [0x06] = 4,
	};
	u8 v;

	if (txformat >= 32)
		return -EINVAL;
	v = msb ? set1[txformat] : set0[txformat];
	if (!v)
		return -EINVAL;
	t->bw = v & 0x80 ? 4 : 1;
	t->bh = t->bw;
	t->bytes = v & 0x7f;
	/*
	 * VYUY422, YVYU422 (reference TX_FORMAT1 20, 21): the guide lists
	 * C_VYUY and C_YVYU among the 32-bit formats, two texels a word, and
	 * Mesa lays them out as 4-byte blocks of 2x1 (util_format UYVY/YUYV);
	 * r5xx_texture_size() measures them both ways.
	 */
	t->pairs = !msb && (txformat == 0x14 || txformat == 0x15);
	return 0;
}

/**
 * r5xx_cb_format_cpp() - bytes per pixel of a colour buffer format
 * @colorformat: RB3D_COLORPITCH.COLORFORMAT
 *
 * Format 5 (ARGB10101010 on R5xx) is 4 bytes; whether the family has it is
 * the caller's business.  Formats 11 and 12 (YUV 4:2:2 packed, VYUY and
 * YVYU) hold two pixels in each 32-bit word (guide, "32-bit Formats"
 * C_VYUY, C_YVYU): 2 bytes a pixel, addressed in pairs (upstream: 1).
 *
 * Return: 1, 2, 4, 8 or 16, or -EINVAL for reserved formats.
 */
int r5xx_cb_format_cpp(u32 colorformat)
{
	switch (colorformat) {
	case 9:
		return 1;
	case 3:
	case 4:
	case 11:
	case 12:
	case 13:
	case 15:
		return 2;
	case 5:
	case 6:
		return 4;
	case 10:
		return 8;
	case 7:
		return 16;
	default:
		return -EINVAL;
	}
}

/**
 * r5xx_zb_format_cpp() - bytes per pixel of a Z buffer format
 * @depthformat: ZB_FORMAT.DEPTHFORMAT
 *
 * Return: 2 (16-bit and 13E3), 4 (24-bit Z with 8-bit stencil) or -EINVAL.
 */
int r5xx_zb_format_cpp(u32 depthformat)
{
	switch (depthformat) {
	case 0:
	case 1:
		return 2;
	case 2:
		return 4;
	default:
		return -EINVAL;
	}
}

/**
 * r5xx_2d_datatype_cpp() - bytes per pixel of a 2D destination type
 * @datatype: DP_GUI_MASTER_CNTL.DST_DATATYPE (guide 6.2.2)
 *
 * Return: 1, 2 or 4, or -EINVAL for reserved types.
 */
int r5xx_2d_datatype_cpp(u32 datatype)
{
	u32 cpp, yuv;

	if (!r5xx_dp_datatype(datatype, &cpp, &yuv))
		return -EINVAL;
	return cpp;
}

static u32 pot(u32 v)
{
	return v <= 1 ? 1 : roundup_pow_of_two(v);
}

/*
 * Bytes of the mip chain of @t in texel blocks of @bw x @bh texels of
 * @bytes each.  Every level is padded to whole units of its layout (guide 4.1-4.4), a
 * macro-tiled chain turns macro-linear from the first level smaller than a
 * macro tile (at or below it with R5XX_TEX_MACRO_GT), linear rows are 32
 * bytes (64 with R5XX_TEX_ROW64), cube maps store six faces per level and 3D
 * textures one slice per depth unit.  Mip chains, cube maps and 3D textures
 * are padded to power-of-two sizes (register reference, TXWIDTH), except
 * for widths given by a pitch, which shrinks with each level as in upstream
 * radeon; a pitch below the width counts as the width (the sampler reads
 * whole rows of the texture's width).  Wrap modes that round up to powers of two do so before the
 * padding (upstream radeon's rule), and compressed rows are at least 32
 * bytes.
 */
static int texture_size(const struct r5xx_texture *t, u32 bw, u32 bh, u32 bytes,
			u64 *size)
{
	/* a row holds at least the texture's width, whatever the pitch says */
	u32 w0 = max(t->pitch, t->width);
	u32 row = t->flags & R5XX_TEX_ROW64 ? 64 : 32;
	u32 mode = t->mode, l, tw, th;
	bool chain = t->levels > 1 || t->depth > 1 || t->faces > 1;
	u64 total = 0;
	int ret;

	if (!t->width || !t->height || !t->depth || !t->levels ||
	    t->width > 1 << 16 || t->height > 1 << 16 || t->pitch > 1 << 16 ||
	    t->depth > 1 << 16 || t->levels > 16 ||
	    (t->faces != 1 && t->faces != 6) || !bw || !bh)
		return -EINVAL;
	ret = r5xx_tile_dims(bytes, mode, &tw, &th);
	if (ret)
		return ret;

	for (l = 0; l < t->levels; l++) {
		u32 w = max(w0 >> l, 1u), h = max(t->height >> l, 1u);
		u32 d = max(t->depth >> l, 1u);
		u32 wb, hb;

		if (!t->pitch && ((t->flags & R5XX_TEX_POT_W) || chain))
			w = pot(w);
		if ((t->flags & R5XX_TEX_POT_H) || chain)
			h = pot(h);
		wb = DIV_ROUND_UP(w, bw);
		hb = DIV_ROUND_UP(h, bh);
		/* compressed rows are at least 32 bytes, whatever the tiling */
		if (bh > 1)
			wb = max(wb, 32 / bytes);

		if (mode & R5XX_TILE_MACRO) {
			r5xx_tile_dims(bytes, mode, &tw, &th);
			if (t->flags & R5XX_TEX_MACRO_GT ?
			    wb <= tw || hb <= th : wb < tw || hb < th)
				mode &= ~R5XX_TILE_MACRO;
		}
		r5xx_tile_dims(bytes, mode, &tw, &th);
		if (mode & R5XX_TILE_MACRO) {
			wb = roundup(wb, tw);
			hb = roundup(hb, th);
		} else {
			/* whole units, and rows of units a multiple of 'row' */
			wb = roundup(wb, max(tw, row / (bytes * th)));
			hb = roundup(hb, th);
		}
		total += (u64)wb * hb * bytes * d * t->faces;
	}
	*size = total;
	return 0;
}

/**
 * r5xx_texture_size() - bytes a texture's mip chain occupies
 * @t: the texture
 * @size: returns the size from the texture's base address
 *
 * See texture_size(); a YUV 4:2:2 texture (&struct r5xx_texel pairs) is
 * measured with its 2-byte texels and as 4-byte blocks of 2x1 texels, and
 * takes the larger.
 *
 * Return: 0, or -EINVAL if @t is out of the hardware's range.
 */
int r5xx_texture_size(const struct r5xx_texture *t, u64 *size)
{
	u64 pairs;
	int ret;

	ret = texture_size(t, t->texel.bw, t->texel.bh, t->texel.bytes, size);
	if (ret || !t->texel.pairs)
		return ret;
	ret = texture_size(t, 2, 1, 4, &pairs);
	*size = max(*size, pairs);
	return ret;
}
