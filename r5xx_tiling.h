/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_TILING_H__
#define __R5XX_TILING_H__

#include <linux/bits.h>
#include <linux/types.h>

/*
 * Surface layouts (guide section 2).  A surface is cut into 32-byte micro
 * blocks, linear (one row of pixels) or tiled (a small rectangle), and those
 * into 2 KiB macro blocks, linear (micro blocks in scan order) or tiled (8x8
 * micro blocks).  R5XX_TILE_SQUARE picks the 4x4 instead of the 8x2 micro
 * tile of 16-bit pixels.
 */
#define R5XX_TILE_MACRO		BIT(0)
#define R5XX_TILE_MICRO		BIT(1)
#define R5XX_TILE_SQUARE	BIT(2)

int r5xx_tile_dims(u32 cpp, u32 mode, u32 *tw, u32 *th);
u32 r5xx_tiling_mode(u32 tiling_flags);
u32 r5xx_tiling_pitch_align(u32 cpp, u32 mode);
int r5xx_tiling_check(u32 tiling_flags, u32 pitch, u32 cpp);

/**
 * struct r5xx_surface - a 2D surface the colour, Z, resolve or 2D unit writes
 * @cpp: bytes per pixel (1, 2, 4, 8 or 16)
 * @pitch: pixels from one row to the next
 * @mode: R5XX_TILE_* layout
 */
struct r5xx_surface {
	u32 cpp;
	u32 pitch;
	u32 mode;
};

int r5xx_surface_end(const struct r5xx_surface *s, u32 x1, u32 y1, u64 *end);
int r5xx_surface_rows_end(const struct r5xx_surface *s, u32 y1, u64 *end);

/**
 * struct r5xx_texel - a texture format's texel block
 * @bw: block width in texels (4 for the block-compressed formats, else 1)
 * @bh: block height in texels
 * @bytes: bytes per block
 * @pairs: YUV 4:2:2 packed (formats 20, 21): also measured as 4-byte
 *	blocks of 2x1 texels, the guide's 32-bit VYUY/YVYU word
 */
struct r5xx_texel {
	u8 bw;
	u8 bh;
	u8 bytes;
	u8 pairs;
};

int r5xx_tex_format(u32 txformat, bool msb, struct r5xx_texel *t);
int r5xx_cb_format_cpp(u32 colorformat);
int r5xx_zb_format_cpp(u32 depthformat);
int r5xx_2d_datatype_cpp(u32 datatype);

/* r5xx_texture.flags */
#define R5XX_TEX_POT_W		BIT(0)	/* wrap mode rounds the width up to 2^n */
#define R5XX_TEX_POT_H		BIT(1)	/* same for the height */
#define R5XX_TEX_MACRO_GT	BIT(2)	/* macro-linear when size <= macro tile */
#define R5XX_TEX_ROW64		BIT(3)	/* RS600/RS690/RS740: 64-byte linear rows */

/**
 * struct r5xx_texture - what the texture unit needs to find a mip chain
 * @width: width of level 0 in texels
 * @height: height of level 0 in texels
 * @depth: depth of level 0 of a 3D texture, else 1
 * @faces: 6 for a cube map, else 1
 * @levels: number of mip levels, 1 to 16
 * @pitch: if non-zero, the row pitch of level 0 in texels (TXPITCH_EN)
 * @texel: block size of the format
 * @mode: R5XX_TILE_* layout of level 0
 * @flags: R5XX_TEX_* flags
 */
struct r5xx_texture {
	u32 width;
	u32 height;
	u32 depth;
	u32 faces;
	u32 levels;
	u32 pitch;
	struct r5xx_texel texel;
	u32 mode;
	u32 flags;
};

int r5xx_texture_size(const struct r5xx_texture *t, u64 *size);

#endif /* __R5XX_TILING_H__ */
