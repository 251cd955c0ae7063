/*
 * ATI/AMD Radeon R3xx-R5xx model: the memory controller's QEMU-free core.
 *
 * Plain C, host unit-tested (tests/model/unit/): rv370 PCIE GART entries,
 * MC location registers and the legacy PLL output.  r5xx_mc.c drives them.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_MC_CORE_H
#define HW_DISPLAY_R5XX_MC_CORE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * rv370 PCIE GART entry (r300.c:rv370_pcie_gart_get_page_entry), a memory
 * format rather than a register: bits 31:24 hold address bits 39:32, bits
 * 23:4 address bits 31:12, bits 3:0 the flags below.
 */
#define R5XX_GART_PTE_UNSNOOPED (1u << 0)
#define R5XX_GART_PTE_WRITEABLE (1u << 2)
#define R5XX_GART_PTE_READABLE  (1u << 3)
#define R5XX_GART_PTE_ADDR_HI   0xff000000u     /* address bits 39:32 */
#define R5XX_GART_PTE_ADDR_LO   0x00fffff0u     /* address bits 31:12 */
#define R5XX_GPU_PAGE_SIZE      4096u

uint64_t r5xx_gart_pte_addr(uint32_t pte);
uint32_t r5xx_gart_pte_make(uint64_t addr, bool readable, bool writeable);
bool r5xx_gart_pte_allows(uint32_t pte, bool write);

/*
 * RS400/RS480 IGP GART entry (rs400.c:rs400_gart_get_page_entry), in a
 * table in system memory: bits 31:12 hold address bits 31:12, bits 11:4
 * address bits 39:32, bits 3:0 the same flags as the rv370 entry (so
 * r5xx_gart_pte_allows applies).
 */
#define R5XX_IGP_PTE_ADDR_LO    0xfffff000u     /* address bits 31:12 */
#define R5XX_IGP_PTE_ADDR_HI    0x00000ff0u     /* address bits 39:32 */

uint64_t r5xx_igp_pte_addr(uint32_t pte);
uint32_t r5xx_igp_pte_make(uint64_t addr, bool readable, bool writeable);

/*
 * RS600 page table entry (rs600.c:rs600_gart_get_page_entry), 8 bytes in a
 * flat table in VRAM: bits 39:12 hold address bits 39:12, the low bits the
 * flags below.
 */
#define R5XX_RS600_PTE_VALID     (1ull << 0)
#define R5XX_RS600_PTE_SYSTEM    (1ull << 1)
#define R5XX_RS600_PTE_SNOOPED   (1ull << 2)
#define R5XX_RS600_PTE_READABLE  (1ull << 5)
#define R5XX_RS600_PTE_WRITEABLE (1ull << 6)
#define R5XX_RS600_PTE_ADDR      0x000000fffffff000ull  /* bits 39:12 */

uint64_t r5xx_rs600_pte_addr(uint64_t pte);
uint64_t r5xx_rs600_pte_make(uint64_t addr, bool readable, bool writeable);
bool r5xx_rs600_pte_allows(uint64_t pte, bool write);

/*
 * Legacy engine/memory PLL output in kHz, as radeon_clocks.c computes it:
 * 2 * FB_DIV * reference / REF_DIV, divided by 2/4/8 for SRC_SEL 2/3/4.
 */
uint32_t r5xx_pll_legacy_khz(uint32_t ref_khz, uint32_t fb_div,
                             uint32_t ref_div, uint32_t src_sel);

/*
 * MC_FB_LOCATION-style location (also MC[FB_LOCATION] of RV515): START and
 * TOP in 64 KiB units, [start, end] inclusive.
 */
void r5xx_mc_location(uint32_t loc, uint64_t *start, uint64_t *end);
uint32_t r5xx_mc_location_make(uint64_t start, uint64_t size);

#endif /* HW_DISPLAY_R5XX_MC_CORE_H */
