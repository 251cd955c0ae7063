/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * The video BIOS image under test, for the host tests of the ROM parsers
 * (test_atombios.c, test_atom_devices.c, test_atom_igp.c): the image
 * r5xx_vbios.py generated (@good, loaded by rom_load()), the copy a test
 * edits (@rom, back to @good by rom_reset()), little-endian accessors,
 * the ATOM data table lookup, truncation and random corruption. One
 * test program includes it once.
 */
#ifndef ROM_IMAGE_H
#define ROM_IMAGE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROM_MAX			65536
#define ROM_ATOM_HEADER_PTR	0x48
#define ROM_ATOM_DATA_LIST	0x20	/* in the ATOM ROM header */
#define ROM_FIXED_END		0x50	/* the generator's fixed pointers */

static uint8_t *good;		/* the generated image */
static size_t good_len;
static uint8_t *rom;		/* the image under test (a copy of good) */

/* a whole image file, at most ROM_MAX bytes; exits 2 if it cannot */
static inline uint8_t *rom_read(const char *path, size_t *len)
{
	uint8_t *b = malloc(ROM_MAX);
	FILE *f = fopen(path, "rb");

	if (!f || !b) {
		perror(path);
		exit(2);
	}
	*len = fread(b, 1, ROM_MAX, f);
	fclose(f);
	return b;
}

/* load @path as the good image and allocate the copy under test */
static inline void rom_load(const char *path)
{
	good = rom_read(path, &good_len);
	rom = malloc(good_len ? good_len : 1);
	if (!rom)
		exit(2);
	memcpy(rom, good, good_len);
}

static inline void rom_free(void)
{
	free(rom);
	free(good);
}

static inline void rom_reset(void)
{
	memcpy(rom, good, good_len);
}

static inline unsigned int rd16(size_t off)
{
	return rom[off] | rom[off + 1] << 8;
}

static inline void wr16(size_t off, unsigned int v)
{
	rom[off] = v & 0xff;
	rom[off + 1] = v >> 8;
}

static inline void wr32(size_t off, uint32_t v)
{
	wr16(off, v & 0xffff);
	wr16(off + 2, v >> 16);
}

/* offset of the ATOM master data table list, and of data table @index */
static inline size_t atom_data_list(void)
{
	return rd16(rd16(ROM_ATOM_HEADER_PTR) + ROM_ATOM_DATA_LIST);
}

static inline size_t atom_data_table(unsigned int index)
{
	return rd16(atom_data_list() + 4 + 2 * index);
}

/* @n random bytes of the copy under test, past the fixed pointers */
static inline void rom_corrupt(unsigned int n)
{
	while (n--)
		rom[ROM_FIXED_END + rand() % (good_len - ROM_FIXED_END)] = rand();
}

/*
 * Run @answer on the good image cut at every length up to @max (its
 * whole length if 0), each cut in a buffer of its own size so that ASan
 * sees a read past it. @answer returns 1 for the full answer, 0 for an
 * error, anything else for a wrong one. Return: the cuts whose answer
 * was not an error before the first full answer and the full answer
 * from there on; *@first (if not NULL) the first cut that got it, 0 if
 * none did.
 */
static inline int rom_truncations(int (*answer)(const uint8_t *img, size_t len),
				  size_t max, size_t *first)
{
	size_t full = 0;
	int bad = 0;

	if (!max || max > good_len)
		max = good_len;
	for (size_t len = 0; len <= max; len++) {
		uint8_t *copy = malloc(len ? len : 1);
		int a;

		memcpy(copy, good, len);
		a = answer(copy, len);
		if (a == 1 && !full)
			full = len;
		if (full ? a != 1 : a != 0)
			bad++;
		free(copy);
	}
	if (first)
		*first = full;
	return bad;
}

#endif
