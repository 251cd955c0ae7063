// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/dma-resv.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_execbuf_util.h>

#include "r5xx_cs_check.h"
#include "r5xx_drv.h"

/**
 * DOC: command submission
 *
 * DRM_IOCTL_RADEON_CS takes upstream's chunk list: an array of user
 * pointers to &struct drm_radeon_cs_chunk, of which this driver reads
 *
 * - the IB chunk (%RADEON_CHUNK_ID_IB): the command stream, in dwords;
 * - the RELOCS chunk (%RADEON_CHUNK_ID_RELOCS): &struct drm_radeon_cs_reloc
 *   entries, four dwords each, which the stream's relocation NOPs index by
 *   dword offset;
 * - the FLAGS chunk (%RADEON_CHUNK_ID_FLAGS): flags, ring, priority.  Mesa
 *   sends it with %RADEON_CS_KEEP_TILING_FLAGS; libdrm's CS API (the X
 *   driver) does not, and then the checker puts each buffer's tiling flags
 *   into the pitch registers it relocates.
 *
 * Other chunk ids are ignored; a zero-length IB or FLAGS chunk, a virtual
 * memory submission and a ring other than GFX (or COMPUTE, which means GFX
 * on these chips) are refused with -EINVAL, as upstream.  A submission
 * without chunks does nothing and one without an IB only looks its buffers
 * up.
 *
 * The IB is copied once into a kernel IB from the pool; the checker reads
 * and patches that copy, and the CP runs it, so a second thread changing
 * the user copy changes nothing.  Every buffer of the relocation list is
 * looked up (-ENOENT for a bad handle) and, with all of them reserved
 * together, placed in its domain: the write domain if there is one, else
 * the read domains; VRAM may fall back to GTT when VRAM is full, as
 * upstream; a buffer shared with another device (r5xx_prime.c) goes to
 * GTT whatever the list says.  A user pointer buffer (r5xx_userptr.c) must
 * be asked for GTT (-EINVAL otherwise) and goes there, its pages pinned
 * with the submitter's mmap lock held around the validation (pinned again
 * if its range was invalidated since), and the job is pushed only if no
 * such range was invalidated meanwhile, else the whole submission starts
 * again ("user pointers" in r5xx_userptr.c); one created
 * by another address space (a fork child's, or one opened by name) is
 * refused with -EPERM.  A buffer
 * listed twice is placed once, written if any entry writes it.  Then the
 * checker (r5xx_cs_check()) verifies every address the stream can reach
 * and patches the relocations, and the job goes to the scheduler with the
 * file's entity.  The relocation list's arrays live in one block that the
 * file keeps from one submission to the next (a second submission running
 * at the same time on the same file gets its own), so that in steady state
 * a submission allocates only its job (the job, its hardware fence, the
 * scheduler's fence) and the checker's state.
 * The job first waits for the fences already on its buffers that have not
 * signalled (implicit synchronisation: all of them for a buffer it writes,
 * the writers' for one it reads); its own fence then goes on every buffer
 * of the list, as a writer's fence on the ones it writes, so that
 * GEM_BUSY, GEM_WAIT_IDLE, buffer moves and later submissions wait for it.
 *
 * Errors are those of upstream: -EINVAL for a malformed submission or a
 * stream the checker refuses (with a rate-limited debug message naming the
 * packet and the register), -ENOENT, -EFAULT, -ENOMEM, -EBUSY when the CP
 * is not running, -EPERM for another address space's user pointer buffer.
 */

/* More chunks than any submitter sends; a bound keeps kvmalloc quiet */
#define R5XX_CS_MAX_CHUNKS	32
/* Entries of the RELOCS chunk; Mesa and libdrm use up to a few hundred */
#define R5XX_CS_MAX_RELOCS	SZ_64K
#define R5XX_CS_RELOC_DW	(sizeof(struct drm_radeon_cs_reloc) / sizeof(u32))

/*
 * One distinct buffer object of the relocation list.  @tv links it into
 * the reservation list of ttm_eu_reserve_buffers(); @tv.num_shared is 1
 * for a buffer only read (its fence is a reader's) and 0 for one written.
 */
struct r5xx_cs_buffer {
	struct ttm_validate_buffer tv;
	struct r5xx_bo *bo;
	u32 domain;
	bool write;
};

/* A relocation entry and its object, sorted to find the duplicates */
struct r5xx_cs_entry {
	struct r5xx_bo *bo;
	u32 index;
};

/*
 * The relocation list's arrays and the checker's working memory, carved
 * from one allocation that the file keeps between submissions
 * (&r5xx_file.cs_scratch), so that a submission allocates nothing of its
 * own once a file has submitted a list that long. No array needs zeroing:
 * each entry is written before it is read; the checker clears its state.
 */
struct r5xx_cs_scratch {
	u32 capacity;
	struct r5xx_cs_check_state *check_state;
	struct drm_radeon_cs_reloc *user_relocs;
	struct r5xx_cs_entry *entries;
	struct r5xx_cs_reloc *relocs;
	u32 *reloc_buffer;	/* entry -> index into @buffers */
	struct r5xx_cs_buffer *buffers;
};

/* Entries a file's scratch holds at least: Mesa and the X driver send fewer */
#define R5XX_CS_SCRATCH_MIN	64

struct r5xx_cs_parser {
	struct r5xx_device *rdev;
	struct drm_file *file;
	u32 flags;
	/* chunks, as userspace described them */
	struct drm_radeon_cs_chunk ib_chunk;
	struct drm_radeon_cs_chunk relocs_chunk;
	bool have_ib, have_relocs;
	/* relocation list */
	struct r5xx_cs_scratch *scratch;
	struct drm_radeon_cs_reloc *user_relocs;
	u32 nrelocs;
	u32 nlooked;		/* entries holding a reference */
	struct r5xx_cs_entry *entries;
	struct r5xx_cs_reloc *relocs;
	u32 *reloc_buffer;	/* entry -> index into @buffers */
	struct r5xx_cs_buffer *buffers;
	u32 nbuffers;
	struct list_head validated;
	struct ww_acquire_ctx ticket;
	bool reserved;
	bool need_mmap_lock;	/* a user pointer buffer is listed */
	bool userptr_retry;	/* its pages went stale before the push */
	struct r5xx_job *job;
};

static struct r5xx_cs_scratch *r5xx_cs_scratch_alloc(u32 n)
{
	const size_t per = sizeof(struct drm_radeon_cs_reloc) +
		sizeof(struct r5xx_cs_entry) + sizeof(struct r5xx_cs_reloc) +
		sizeof(u32) + sizeof(struct r5xx_cs_buffer);
	const size_t state = ALIGN(r5xx_cs_check_state_size(), 16);
	struct r5xx_cs_scratch *s;
	void *mem;

	/* the checker's state, then the arrays, each naturally aligned */
	mem = kvmalloc(sizeof(*s) + state + (size_t)n * per, GFP_KERNEL);
	if (!mem)
		return NULL;
	s = mem;
	s->capacity = n;
	s->check_state = (void *)(s + 1);
	s->relocs = (void *)((char *)s->check_state + state);
	s->entries = (void *)(s->relocs + n);
	s->buffers = (void *)(s->entries + n);
	s->user_relocs = (void *)(s->buffers + n);
	s->reloc_buffer = (void *)(s->user_relocs + n);
	return s;
}

/**
 * r5xx_cs_file_fini - free what the CS ioctl kept for a file
 * @rfile: per-file state, no longer used by any submission
 */
void r5xx_cs_file_fini(struct r5xx_file *rfile)
{
	kvfree(rfile->cs_scratch);
	rfile->cs_scratch = NULL;
}

/*
 * Take the file's scratch (a submission running at the same time on the
 * same file gets its own), or a new one large enough for @n entries.
 */
static int r5xx_cs_scratch_get(struct r5xx_cs_parser *p, u32 n)
{
	struct r5xx_file *rfile = p->file->driver_priv;
	struct r5xx_cs_scratch *s = xchg(&rfile->cs_scratch, NULL);

	if (s && s->capacity < n) {
		kvfree(s);
		s = NULL;
	}
	if (!s)
		s = r5xx_cs_scratch_alloc(max_t(u32, n, R5XX_CS_SCRATCH_MIN));
	if (!s)
		return -ENOMEM;
	p->scratch = s;
	p->user_relocs = s->user_relocs;
	p->entries = s->entries;
	p->relocs = s->relocs;
	p->reloc_buffer = s->reloc_buffer;
	p->buffers = s->buffers;
	return 0;
}

/* Give the scratch back to the file, keeping the larger of two. */
static void r5xx_cs_scratch_put(struct r5xx_cs_parser *p)
{
	struct r5xx_file *rfile = p->file->driver_priv;
	struct r5xx_cs_scratch *old;

	if (!p->scratch)
		return;
	old = xchg(&rfile->cs_scratch, p->scratch);
	if (old && old->capacity > p->scratch->capacity)
		old = xchg(&rfile->cs_scratch, old);
	kvfree(old);
	p->scratch = NULL;
}

/* Read the chunk list; the FLAGS chunk's data is read here too. */
static int r5xx_cs_parse_chunks(struct r5xx_cs_parser *p,
				const struct drm_radeon_cs *cs)
{
	u64 __user *uptrs = u64_to_user_ptr(cs->chunks);
	u32 flags[3] = { 0, RADEON_CS_RING_GFX, 0 };
	u32 i;

	if (cs->num_chunks > R5XX_CS_MAX_CHUNKS) {
		r5xx_user_dbg(&p->rdev->drm, "CS: %u chunks (at most %u)\n",
			      cs->num_chunks, R5XX_CS_MAX_CHUNKS);
		return -EINVAL;
	}
	for (i = 0; i < cs->num_chunks; i++) {
		struct drm_radeon_cs_chunk chunk;
		u64 uptr;

		if (get_user(uptr, &uptrs[i]) ||
		    copy_from_user(&chunk, u64_to_user_ptr(uptr), sizeof(chunk)))
			return -EFAULT;

		switch (chunk.chunk_id) {
		case RADEON_CHUNK_ID_IB:
			if (!chunk.length_dw) {
				r5xx_user_dbg(&p->rdev->drm, "CS: empty IB chunk\n");
				return -EINVAL;
			}
			p->ib_chunk = chunk;
			p->have_ib = true;
			break;
		case RADEON_CHUNK_ID_RELOCS:
			p->relocs_chunk = chunk;
			p->have_relocs = true;
			break;
		case RADEON_CHUNK_ID_FLAGS:
			if (!chunk.length_dw) {
				r5xx_user_dbg(&p->rdev->drm,
					      "CS: empty FLAGS chunk\n");
				return -EINVAL;
			}
			if (copy_from_user(flags, u64_to_user_ptr(chunk.chunk_data),
					   min_t(u32, chunk.length_dw,
						 ARRAY_SIZE(flags)) * sizeof(u32)))
				return -EFAULT;
			break;
		case RADEON_CHUNK_ID_CONST_IB:
			/* SI only; ignored without a virtual address space */
			if (!chunk.length_dw) {
				r5xx_user_dbg(&p->rdev->drm,
					      "CS: empty CONST_IB chunk\n");
				return -EINVAL;
			}
			break;
		default:
			break;
		}
	}

	p->flags = flags[0];
	if (p->flags & RADEON_CS_USE_VM) {
		r5xx_user_dbg(&p->rdev->drm, "CS: no virtual memory on this GPU\n");
		return -EINVAL;
	}
	if (flags[1] != RADEON_CS_RING_GFX && flags[1] != RADEON_CS_RING_COMPUTE) {
		r5xx_user_dbg(&p->rdev->drm, "CS: no ring %u on this GPU\n",
			      flags[1]);
		return -EINVAL;
	}
	return 0;
}

static int r5xx_cs_entry_cmp(const void *a, const void *b)
{
	const struct r5xx_cs_entry *x = a, *y = b;

	if (x->bo != y->bo)
		return x->bo < y->bo ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * Look up every entry of the relocation list and gather the distinct
 * objects into @buffers, each with the union of its entries' domains.
 */
static int r5xx_cs_lookup_relocs(struct r5xx_cs_parser *p)
{
	struct r5xx_cs_buffer *buf = NULL;
	u32 i;
	int ret;

	if (!p->have_relocs)
		return 0;
	p->nrelocs = p->relocs_chunk.length_dw / R5XX_CS_RELOC_DW;
	if (p->nrelocs > R5XX_CS_MAX_RELOCS) {
		r5xx_user_dbg(&p->rdev->drm, "CS: %u relocations (at most %u)\n",
			      p->nrelocs, R5XX_CS_MAX_RELOCS);
		return -EINVAL;
	}
	if (!p->nrelocs)
		return 0;

	ret = r5xx_cs_scratch_get(p, p->nrelocs);
	if (ret)
		return ret;
	if (copy_from_user(p->user_relocs,
			   u64_to_user_ptr(p->relocs_chunk.chunk_data),
			   p->nrelocs * sizeof(*p->user_relocs)))
		return -EFAULT;

	for (i = 0; i < p->nrelocs; i++) {
		const struct drm_radeon_cs_reloc *r = &p->user_relocs[i];
		struct drm_gem_object *obj;
		u32 domain = r->write_domain ?: r->read_domains;

		if (!domain || (domain & ~(RADEON_GEM_DOMAIN_GTT |
					   RADEON_GEM_DOMAIN_VRAM))) {
			r5xx_user_dbg(&p->rdev->drm,
				      "CS: relocation %u: domains %#x/%#x, not GTT or VRAM\n",
				      i, r->read_domains, r->write_domain);
			return -EINVAL;
		}
		obj = drm_gem_object_lookup(p->file, r->handle);
		if (!obj) {
			r5xx_user_dbg(&p->rdev->drm,
				      "CS: relocation %u: no GEM object %u\n",
				      i, r->handle);
			return -ENOENT;
		}
		p->entries[i].bo = to_r5xx_bo(obj);
		p->entries[i].index = i;
		p->nlooked = i + 1;
		if (p->entries[i].bo->userptr) {
			if (!(domain & RADEON_GEM_DOMAIN_GTT)) {
				r5xx_user_dbg(&p->rdev->drm,
					      "CS: relocation %u: user pointer buffer %u not in GTT\n",
					      i, r->handle);
				return -EINVAL;
			}
			p->need_mmap_lock = true;
		}
	}

	/* duplicates next to each other, each run in list order */
	sort(p->entries, p->nrelocs, sizeof(*p->entries), r5xx_cs_entry_cmp,
	     NULL);
	for (i = 0; i < p->nrelocs; i++) {
		const struct r5xx_cs_entry *e = &p->entries[i];
		const struct drm_radeon_cs_reloc *r = &p->user_relocs[e->index];

		if (!buf || buf->bo != e->bo) {
			buf = &p->buffers[p->nbuffers++];
			*buf = (struct r5xx_cs_buffer) {
				.tv.bo = &e->bo->tbo,
				.bo = e->bo,
			};
		}
		buf->domain |= r->write_domain ?: r->read_domains;
		buf->write |= !!r->write_domain;
		p->reloc_buffer[e->index] = buf - p->buffers;
	}
	return 0;
}

/* Place one reserved buffer in its domain, VRAM falling back to GTT. */
static int r5xx_cs_place(struct r5xx_cs_parser *p, struct r5xx_cs_buffer *buf)
{
	struct r5xx_bo *bo = buf->bo;
	u32 domain = buf->domain;
	int ret;

	if (bo->userptr && !r5xx_bo_userptr_owned(bo)) {
		r5xx_user_dbg(&p->rdev->drm,
			      "CS: user pointer buffer of another address space\n");
		return -EPERM;
	}
	if (bo->tbo.pin_count)
		return 0;
	/* buffers shared with another device or over user memory: GTT only */
	if (bo->prime_shared_count || bo->userptr)
		domain = RADEON_GEM_DOMAIN_GTT;
	if (bo->userptr)
		ret = r5xx_userptr_validate(bo);
	else
		ret = r5xx_bo_validate_domain(bo, domain, true);
	if (ret && ret != -ERESTARTSYS && ret != -EINTR &&
	    domain == RADEON_GEM_DOMAIN_VRAM)
		ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_VRAM |
					      RADEON_GEM_DOMAIN_GTT, true);
	if (ret && ret != -ERESTARTSYS && ret != -EINTR)
		r5xx_user_dbg(&p->rdev->drm,
			      "CS: cannot place a %zu-byte buffer in %#x: %d\n",
			      bo->tbo.base.size, buf->domain, ret);
	return ret;
}

/*
 * Make the job wait for the fences on a reserved buffer that have not
 * signalled yet (drm_sched_job_add_implicit_dependencies() without the
 * signalled ones, which the scheduler would only look at and drop): all of
 * them for a buffer the job writes, the writers' for one it reads.
 */
static int r5xx_cs_add_dependencies(struct r5xx_cs_parser *p,
				    struct r5xx_cs_buffer *buf)
{
	struct dma_resv_iter cursor;
	struct dma_fence *fence;
	int ret;

	dma_resv_for_each_fence(&cursor, buf->bo->tbo.base.resv,
				dma_resv_usage_rw(buf->write), fence) {
		if (dma_fence_is_signaled(fence))
			continue;
		/* the scheduler takes over this reference, even on error */
		dma_fence_get(fence);
		ret = drm_sched_job_add_dependency(&p->job->base, fence);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Reserve every buffer, place it, make the job wait for the fences already
 * on it, and fill in the checker's view of each relocation entry.
 */
static int r5xx_cs_validate(struct r5xx_cs_parser *p)
{
	u32 i;
	int ret;

	INIT_LIST_HEAD(&p->validated);
	for (i = 0; i < p->nbuffers; i++) {
		p->buffers[i].tv.num_shared = !p->buffers[i].write;
		list_add_tail(&p->buffers[i].tv.head, &p->validated);
	}
	if (list_empty(&p->validated))
		return 0;
	ret = ttm_eu_reserve_buffers(&p->ticket, &p->validated, true, NULL);
	if (ret)
		return ret;
	p->reserved = true;

	for (i = 0; i < p->nbuffers; i++) {
		struct r5xx_cs_buffer *buf = &p->buffers[i];

		ret = r5xx_cs_place(p, buf);
		if (ret)
			return ret;
		ret = r5xx_cs_add_dependencies(p, buf);
		if (ret)
			return ret;
	}

	for (i = 0; i < p->nrelocs; i++) {
		const struct drm_radeon_cs_reloc *r = &p->user_relocs[i];
		struct r5xx_bo *bo = p->buffers[p->reloc_buffer[i]].bo;

		p->relocs[i] = (struct r5xx_cs_reloc) {
			.gpu_offset = r5xx_bo_gpu_offset(bo),
			.size = bo->tbo.base.size,
			.tiling_flags = bo->tiling_flags,
			.pitch = bo->pitch,
			.read_domains = r->read_domains,
			.write_domain = r->write_domain,
		};
	}
	return 0;
}

static void r5xx_cs_log(void *priv, const char *fmt, ...)
{
	struct r5xx_cs_parser *p = priv;
	struct r5xx_device *rdev = p->rdev;
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	r5xx_user_dbg(&rdev->drm, "%pV", &vaf);
	va_end(args);
}

/*
 * VLINE waits name a KMS CRTC (as upstream's r100_cs_packet_parse_vline):
 * one the file can see, by its index, and whether it is on. Without KMS
 * there is no CRTC to name.
 */
static int r5xx_cs_crtc_lookup(void *priv, u32 crtc_id,
			       struct r5xx_cs_crtc *out)
{
	struct r5xx_cs_parser *p = priv;
	struct drm_crtc *crtc;

	if (!p->rdev->display.enabled)
		return -ENOENT;
	crtc = drm_crtc_find(&p->rdev->drm, p->file, crtc_id);
	if (!crtc)
		return -ENOENT;
	out->enabled = READ_ONCE(crtc->enabled);
	out->hw_index = to_r5xx_crtc(crtc)->id;
	return 0;
}

/*
 * Copy the IB into the job's kernel IB, before any buffer is reserved: a
 * fault on the user copy may need the reservation of a buffer mapped
 * there (the mmap lock comes first, see "locking").
 */
static int r5xx_cs_copy_ib(struct r5xx_cs_parser *p)
{
	struct r5xx_ib *ib = &p->job->ib;

	if (copy_from_user(ib->ptr, u64_to_user_ptr(p->ib_chunk.chunk_data),
			   p->ib_chunk.length_dw * sizeof(u32)))
		return -EFAULT;
	ib->length_dw = p->ib_chunk.length_dw;
	return 0;
}

/* Check and patch the kernel copy of the IB. */
static int r5xx_cs_check_ib(struct r5xx_cs_parser *p)
{
	struct r5xx_device *rdev = p->rdev;
	struct r5xx_ib *ib = &p->job->ib;
	struct r5xx_cs_check_ctx ctx = {
		.family = rdev->family,
		.cs_flags = p->flags,
		.relocs = p->relocs,
		.nrelocs = p->nrelocs,
		.crtc_lookup = r5xx_cs_crtc_lookup,
		.log = r5xx_cs_log,
		.priv = p,
	};
	int ret;

	/* a stream without relocations has not taken the scratch yet */
	if (!p->scratch) {
		ret = r5xx_cs_scratch_get(p, 0);
		if (ret)
			return ret;
	}
	ctx.state = p->scratch->check_state;

	mutex_lock(&rdev->mm.surface_lock);
	ctx.hyperz_owner = rdev->mm.hyperz_filp == p->file;
	ctx.cmask_owner = rdev->mm.cmask_filp == p->file;
	mutex_unlock(&rdev->mm.surface_lock);

	ret = r5xx_cs_check(&ctx, ib->ptr, ib->length_dw);
	if (ret == -ENOENT)
		ret = -EINVAL;
	return ret;
}

static void r5xx_cs_fini(struct r5xx_cs_parser *p)
{
	u32 i;

	if (p->reserved)
		ttm_eu_backoff_reservation(&p->ticket, &p->validated);
	if (p->job)
		r5xx_job_abort(p->job);
	/* sorted or not, the first @nlooked entries hold the references */
	for (i = 0; i < p->nlooked; i++)
		drm_gem_object_put(&p->entries[i].bo->tbo.base);
	r5xx_cs_scratch_put(p);
}

/*
 * With &r5xx_mm.notifier_lock held: whether every user pointer buffer of
 * the list still holds the user's pages (see "user pointers").
 */
static bool r5xx_cs_userptr_current(struct r5xx_cs_parser *p)
{
	u32 i;

	for (i = 0; i < p->nbuffers; i++)
		if (p->buffers[i].bo->userptr &&
		    !r5xx_userptr_current(p->buffers[i].bo))
			return false;
	return true;
}

static int r5xx_cs_submit(struct r5xx_cs_parser *p, const struct drm_radeon_cs *cs)
{
	struct r5xx_file *rfile = p->file->driver_priv;
	struct dma_fence *fence;
	int ret;

	ret = r5xx_cs_parse_chunks(p, cs);
	if (ret)
		return ret;
	ret = r5xx_cs_lookup_relocs(p);
	if (ret || !p->have_ib)
		return ret;

	p->job = r5xx_job_create(p->rdev, &rfile->entity, p->ib_chunk.length_dw,
				 rfile->ib_quota,
				 r5xx_drm_file_client_id(p->file));
	if (IS_ERR(p->job)) {
		ret = PTR_ERR(p->job);
		p->job = NULL;
		if (ret == -EINVAL)
			r5xx_user_dbg(&p->rdev->drm,
				      "CS: IB of %u dwords does not fit the IB pool\n",
				      p->ib_chunk.length_dw);
		return ret;
	}
	r5xx_fdinfo_job_attach(p->job, rfile->fdinfo);
	ret = r5xx_cs_copy_ib(p);
	if (ret)
		return ret;
	/* pinning user pages needs it, and it comes before reservations */
	if (p->need_mmap_lock)
		mmap_read_lock(current->mm);
	ret = r5xx_cs_validate(p);
	if (p->need_mmap_lock)
		mmap_read_unlock(current->mm);
	if (ret)
		return ret;
	ret = r5xx_cs_check_ib(p);
	if (ret)
		return ret;

	/* user pages invalidated since they were pinned: all again */
	if (p->need_mmap_lock) {
		mutex_lock(&p->rdev->mm.notifier_lock);
		if (!r5xx_cs_userptr_current(p)) {
			mutex_unlock(&p->rdev->mm.notifier_lock);
			p->userptr_retry = true;
			return -EAGAIN;
		}
	}
	fence = r5xx_job_push(p->job);
	p->job = NULL;
	if (p->reserved) {
		ttm_eu_fence_buffer_objects(&p->ticket, &p->validated, fence);
		p->reserved = false;
	}
	/* an invalidation from now on finds the job's fence and waits */
	if (p->need_mmap_lock)
		mutex_unlock(&p->rdev->mm.notifier_lock);
	dma_fence_put(fence);
	return 0;
}

/**
 * r5xx_ioctl_cs - DRM_IOCTL_RADEON_CS
 * @drm: DRM device
 * @data: &struct drm_radeon_cs
 * @file: DRM file
 *
 * See "command submission" in the driver documentation.
 *
 * Return: 0 once the job is queued, or a negative errno.
 */
int r5xx_ioctl_cs(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct r5xx_device *rdev = to_r5xx(drm);
	struct r5xx_cs_parser p;
	struct drm_radeon_cs *cs = data;
	int ret, idx;

	if (!rdev->accel_working || !rdev->sched.ready) {
		r5xx_user_dbg(&rdev->drm, "CS: acceleration is not working\n");
		return -EBUSY;
	}
	if (!cs->num_chunks)
		return 0;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	for (;;) {
		p = (struct r5xx_cs_parser){ .rdev = rdev, .file = file };
		ret = r5xx_cs_submit(&p, cs);
		r5xx_cs_fini(&p);
		/* each retry follows an invalidation of a listed range */
		if (!p.userptr_retry)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
	}
	drm_dev_exit(idx);
	return ret;
}
