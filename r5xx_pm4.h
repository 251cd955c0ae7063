/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * PM4 packet encoding of the R3xx-R5xx command processor.
 *
 * Shared, as is, by the kernel driver, the QEMU model and the host-side
 * tests: plain C, no kernel or QEMU headers.  Guide section 6.1 describes
 * the four packet types; section 6.2.1 lists the Type-3 opcodes.
 */
#ifndef __R5XX_PM4_H__
#define __R5XX_PM4_H__

/* Bits 31:30 of every header select the packet type. */
#define R5XX_PM4_TYPE(hdr)		(((hdr) >> 30) & 0x3)
#define R5XX_PM4_TYPE0			0
#define R5XX_PM4_TYPE1			1
#define R5XX_PM4_TYPE2			2
#define R5XX_PM4_TYPE3			3

/*
 * Type-0: COUNT+1 data dwords written to consecutive registers starting at
 * BASE_INDEX (a dword index: byte offset >> 2), or all to the same register
 * when ONE_REG_WR is set.
 */
#define R5XX_PM4_T0_BASE_INDEX(hdr)	((hdr) & 0x1fff)
#define R5XX_PM4_T0_ONE_REG_WR		0x8000u
#define R5XX_PM4_COUNT(hdr)		(((hdr) >> 16) & 0x3fff)

/* Type-1: two data dwords, to REG_INDEX1 and REG_INDEX2 (dword indices). */
#define R5XX_PM4_T1_REG_INDEX1(hdr)	((hdr) & 0x7ff)
#define R5XX_PM4_T1_REG_INDEX2(hdr)	(((hdr) >> 11) & 0x7ff)

/* Type-3: opcode in bits 15:8, COUNT+1 body dwords. */
#define R5XX_PM4_T3_OPCODE(hdr)		(((hdr) >> 8) & 0xff)

/* Number of dwords a packet occupies, header included (types 0 and 3). */
#define R5XX_PM4_PKT_DWORDS(hdr)	(R5XX_PM4_COUNT(hdr) + 2)

/* Builders. @reg is a byte offset; @n is the number of data dwords - 1. */
#define R5XX_PACKET0(reg, n)		((((reg) >> 2) & 0x1fff) | (((n) & 0x3fff) << 16))
#define R5XX_PACKET0_ONE_REG(reg, n)	(R5XX_PACKET0(reg, n) | R5XX_PM4_T0_ONE_REG_WR)
#define R5XX_PACKET1(reg1, reg2)	((1u << 30) | (((reg1) >> 2) & 0x7ff) | \
					 ((((reg2) >> 2) & 0x7ff) << 11))
#define R5XX_PACKET2			(2u << 30)
#define R5XX_PACKET3(op, n)		((3u << 30) | (((op) & 0xff) << 8) | (((n) & 0x3fff) << 16))

/* Type-3 opcodes (guide 6.2.1).  Bit 7 set: body starts with GUI_CONTROL. */
#define R5XX_PM4_T3_GUI_CONTROL		0x80
#define R5XX_PM4_NOP			0x10
#define R5XX_PM4_NEXTCHAR		0x19
#define R5XX_PM4_PLY_NEXTSCAN		0x1d
#define R5XX_PM4_SET_SCISSORS		0x1e
#define R5XX_PM4_PRED_EXEC		0x20
#define R5XX_PM4_COND_EXEC		0x21
#define R5XX_PM4_WAIT_SEMAPHORE		0x22
#define R5XX_PM4_WAIT_MEM		0x23
#define R5XX_PM4_3D_DRAW_VBUF		0x28
#define R5XX_PM4_3D_DRAW_IMMD		0x29
#define R5XX_PM4_3D_DRAW_INDX		0x2a
#define R5XX_PM4_LOAD_PALETTE		0x2c
#define R5XX_PM4_3D_LOAD_VBPNTR		0x2f
#define R5XX_PM4_3D_CLEAR_ZMASK		0x32
#define R5XX_PM4_INDX_BUFFER		0x33
#define R5XX_PM4_3D_DRAW_VBUF_2		0x34
#define R5XX_PM4_3D_DRAW_IMMD_2		0x35
#define R5XX_PM4_3D_DRAW_INDX_2		0x36
#define R5XX_PM4_3D_CLEAR_HIZ		0x37
#define R5XX_PM4_3D_CLEAR_CMASK		0x38
#define R5XX_PM4_3D_DRAW_128		0x39
#define R5XX_PM4_MPEG_INDEX		0x3a
#define R5XX_PM4_PAINT			0x91
#define R5XX_PM4_BITBLT			0x92
#define R5XX_PM4_HOSTDATA_BLT		0x94
#define R5XX_PM4_POLYLINE		0x95
#define R5XX_PM4_POLYSCANLINES		0x98
#define R5XX_PM4_PAINT_MULTI		0x9a
#define R5XX_PM4_BITBLT_MULTI		0x9b
#define R5XX_PM4_TRANS_BITBLT		0x9c

#endif /* __R5XX_PM4_H__ */
