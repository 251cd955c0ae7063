// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Test helper module (not part of r5xx): runs the system-sleep callbacks
 * of the driver bound to one PCI device, without the rest of a system
 * suspend, for tests/referee/radeon-s3.sh. A system suspend of the test
 * VM cannot be used (its virtio 9p root does not survive virtio's resume;
 * Documentation/r5xx.rst, "Suspend and resume").
 *
 * Writing a PCI device name ("0000:00:02.0") to debugfs pmcycle/cycle does
 * what the PCI core does for that device around a suspend to RAM: the
 * driver's dev_pm_ops suspend, then, if the driver did not save the PCI
 * state itself, the state saved and the device put in D3hot; the device
 * back in D0 with its PCI state restored, the driver's resume. A driver
 * with late or noirq sleep callbacks is refused (-EOPNOTSUPP). The write
 * returns the first error. Userspace must leave the device alone
 * meanwhile: tasks are not frozen.
 */
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pm.h>
#include <linux/string.h>
#include <linux/uaccess.h>

static struct dentry *pmcycle_dir;
static DEFINE_MUTEX(pmcycle_lock);

static int pmcycle_run(struct pci_dev *pdev)
{
	struct device *dev = &pdev->dev;
	const struct dev_pm_ops *pm;
	bool saved;
	int ret, ret2;

	device_lock(dev);
	if (!dev->driver || !dev->driver->pm || !dev->driver->pm->suspend ||
	    !dev->driver->pm->resume) {
		ret = -ENODEV;
		goto unlock;
	}
	pm = dev->driver->pm;
	if (pm->suspend_late || pm->suspend_noirq || pm->resume_early ||
	    pm->resume_noirq) {
		ret = -EOPNOTSUPP;
		goto unlock;
	}
	pdev->state_saved = false;
	ret = pm->suspend(dev);
	if (ret) {
		dev_err(dev, "pmcycle: suspend: %d\n", ret);
		goto unlock;
	}
	saved = pdev->state_saved;
	if (!saved) {
		pci_save_state(pdev);
		ret = pci_set_power_state(pdev, PCI_D3hot);
	}
	dev_info(dev, "pmcycle: suspended (%s, %s)\n",
		 saved ? "the driver saved its state" : "state saved here",
		 pci_power_name(pdev->current_state));
	ret2 = pci_set_power_state(pdev, PCI_D0);
	pci_restore_state(pdev);
	ret = ret ?: ret2;
	ret2 = pm->resume(dev);
	dev_info(dev, "pmcycle: resumed: %d\n", ret2);
	ret = ret ?: ret2;
unlock:
	device_unlock(dev);
	return ret;
}

static ssize_t pmcycle_write(struct file *f, const char __user *ubuf,
			     size_t len, loff_t *ppos)
{
	char name[32];
	struct device *dev;
	int ret;

	if (len == 0 || len >= sizeof(name))
		return -EINVAL;
	if (copy_from_user(name, ubuf, len))
		return -EFAULT;
	name[len] = '\0';
	strim(name);
	dev = bus_find_device_by_name(&pci_bus_type, NULL, name);
	if (!dev)
		return -ENODEV;
	mutex_lock(&pmcycle_lock);
	ret = pmcycle_run(to_pci_dev(dev));
	mutex_unlock(&pmcycle_lock);
	put_device(dev);
	return ret ?: len;
}

static const struct file_operations pmcycle_fops = {
	.owner = THIS_MODULE,
	.write = pmcycle_write,
};

static int __init pmcycle_init(void)
{
	pmcycle_dir = debugfs_create_dir("pmcycle", NULL);
	debugfs_create_file("cycle", 0200, pmcycle_dir, NULL, &pmcycle_fops);
	return 0;
}

static void __exit pmcycle_exit(void)
{
	debugfs_remove_recursive(pmcycle_dir);
}

module_init(pmcycle_init);
module_exit(pmcycle_exit);
MODULE_DESCRIPTION("r5xx test helper: a PCI device's driver through suspend and resume");
MODULE_LICENSE("Dual MIT/GPL");
