// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * A module that oopses on purpose, for tests/harness/oops.test: loading it
 * queues a work item that writes through a NULL pointer, so that a kworker
 * oopses while the loading process goes on, as a driver's worker would. The
 * kernel survives it (panic_on_oops is off); tests/vm/run must notice the
 * oops on the console and end the boot. With lockup_secs=N it spins that
 * long in its init instead, preemption off, for the soft lockup detector
 * (by hand: it reports after 20 s).
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/workqueue.h>

static unsigned int lockup_secs;
module_param(lockup_secs, uint, 0444);
MODULE_PARM_DESC(lockup_secs, "spin this many seconds at load instead of oopsing");

static int *r5xx_oops_ptr;

static void r5xx_oops_work_fn(struct work_struct *work)
{
	int *p = READ_ONCE(r5xx_oops_ptr);

	pr_info("r5xx_oops: writing through a NULL pointer\n");
	WRITE_ONCE(*p, 1);
}

static DECLARE_WORK(r5xx_oops_work, r5xx_oops_work_fn);

static int __init r5xx_oops_init(void)
{
	unsigned int i;

	if (!lockup_secs) {
		schedule_work(&r5xx_oops_work);
		return 0;
	}
	preempt_disable();
	for (i = 0; i < lockup_secs * 1000; i++)
		mdelay(1);
	preempt_enable();
	return 0;
}
module_init(r5xx_oops_init);

MODULE_DESCRIPTION("Oops on purpose (r5xx test harness)");
MODULE_LICENSE("GPL");
