/*
 * ATI/AMD Radeon R3xx-R5xx model: the memory controller's QEMU-free core.
 * See r5xx_mc_core.h.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "r5xx_mc_core.h"
#include "r5xx_regs.h"

/* GART ----------------------------------------------------------------- */

uint64_t r5xx_gart_pte_addr(uint32_t pte)
{
    return ((uint64_t)(pte & R5XX_GART_PTE_ADDR_HI) << 8) |
           ((uint64_t)(pte & R5XX_GART_PTE_ADDR_LO) << 8);
}

uint32_t r5xx_gart_pte_make(uint64_t addr, bool readable, bool writeable)
{
    uint32_t pte = (uint32_t)(addr >> 8) &
                   (R5XX_GART_PTE_ADDR_HI | R5XX_GART_PTE_ADDR_LO);

    if (readable) {
        pte |= R5XX_GART_PTE_READABLE;
    }
    if (writeable) {
        pte |= R5XX_GART_PTE_WRITEABLE;
    }
    return pte;
}

bool r5xx_gart_pte_allows(uint32_t pte, bool write)
{
    return pte & (write ? R5XX_GART_PTE_WRITEABLE : R5XX_GART_PTE_READABLE);
}

uint64_t r5xx_rs600_pte_addr(uint64_t pte)
{
    return pte & R5XX_RS600_PTE_ADDR;
}

/* a valid, snooped system page, as radeon binds one */
uint64_t r5xx_rs600_pte_make(uint64_t addr, bool readable, bool writeable)
{
    uint64_t pte = (addr & R5XX_RS600_PTE_ADDR) | R5XX_RS600_PTE_VALID |
                   R5XX_RS600_PTE_SYSTEM | R5XX_RS600_PTE_SNOOPED;

    if (readable) {
        pte |= R5XX_RS600_PTE_READABLE;
    }
    if (writeable) {
        pte |= R5XX_RS600_PTE_WRITEABLE;
    }
    return pte;
}

bool r5xx_rs600_pte_allows(uint64_t pte, bool write)
{
    return (pte & R5XX_RS600_PTE_VALID) &&
           (pte & (write ? R5XX_RS600_PTE_WRITEABLE
                         : R5XX_RS600_PTE_READABLE));
}

uint64_t r5xx_igp_pte_addr(uint32_t pte)
{
    return (pte & R5XX_IGP_PTE_ADDR_LO) |
           ((uint64_t)((pte & R5XX_IGP_PTE_ADDR_HI) >> 4) << 32);
}

uint32_t r5xx_igp_pte_make(uint64_t addr, bool readable, bool writeable)
{
    uint32_t pte = ((uint32_t)addr & R5XX_IGP_PTE_ADDR_LO) |
                   (((uint32_t)(addr >> 32) << 4) & R5XX_IGP_PTE_ADDR_HI);

    if (readable) {
        pte |= R5XX_GART_PTE_READABLE;
    }
    if (writeable) {
        pte |= R5XX_GART_PTE_WRITEABLE;
    }
    return pte;
}

/* Clocks --------------------------------------------------------------- */

uint32_t r5xx_pll_legacy_khz(uint32_t ref_khz, uint32_t fb_div,
                             uint32_t ref_div, uint32_t src_sel)
{
    uint64_t khz;

    if (ref_div == 0) {
        return 0;
    }
    khz = 2ull * fb_div * ref_khz / ref_div;
    switch (src_sel) {
    case 2:
        return khz >> 1;
    case 3:
        return khz >> 2;
    case 4:
        return khz >> 3;
    default:
        return khz;
    }
}

/* MC locations --------------------------------------------------------- */

void r5xx_mc_location(uint32_t loc, uint64_t *start, uint64_t *end)
{
    *start = (uint64_t)FIELD_EX32(loc, MC_FB_LOCATION, MC_FB_START) << 16;
    *end = ((uint64_t)FIELD_EX32(loc, MC_FB_LOCATION, MC_FB_TOP) << 16) |
           0xffff;
}

uint32_t r5xx_mc_location_make(uint64_t start, uint64_t size)
{
    uint64_t last = start + size - 1;
    uint32_t loc = 0;

    loc = FIELD_DP32(loc, MC_FB_LOCATION, MC_FB_START, (start >> 16) & 0xffff);
    return FIELD_DP32(loc, MC_FB_LOCATION, MC_FB_TOP, (last >> 16) & 0xffff);
}
