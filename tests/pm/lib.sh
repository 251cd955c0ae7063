# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by the power state tests (tests/pm/*.sh): the model's clocks
# through QMP, the GPU's sysfs power files, a command submission.

. tests/lib/qom.sh

clocks() { # "engine kHz/memory kHz" the model is programmed with
	echo "$(qom_get sclk-khz)/$(qom_get mclk-khz)"
}

gpu_dev() { # the GPU's PCI device directory
	local d

	for d in /sys/bus/pci/devices/*; do
		[ "$(cat "$d/vendor")" = 0x1002 ] && [ -e "$d/drm" ] && { echo "$d"; return; }
	done
	return 1
}

cs_check() { # a blit through the CS, checked by its program
	local bin=$PWD/build/cs/cs

	[ -x "$bin" ] || { echo "build/cs/cs is not built (tests/cs/build.test)"; exit 77; }
	"$bin" blit >/dev/null || { echo "CS blit failed after: $*"; exit 1; }
}

wait_clocks() { # WANT SECONDS: until the model's clocks are WANT
	local end=$((SECONDS + $2)) now

	while now=$(clocks); [ "$now" != "$1" ]; do
		if [ "$SECONDS" -ge "$end" ]; then
			echo "clocks $now, want $1"
			cat /sys/kernel/debug/dri/0/r5xx_pm_clocks 2>/dev/null || true
			return 1
		fi
		sleep 0.1
	done
}

# profile: the state each picks with one CRTC lit (r420_pm_init_profile;
# auto is high on mains power, and a machine without power supplies
# counts as on mains), as engine/memory kHz from the rv515 board's
# PowerPlayInfo (qemu/hw/display/r5xx/rv515-board.toml)
declare -A want=(
	[low]=198000/198000 [mid]=297000/297000 [high]=396000/297000
	[default]=396000/297000 [auto]=396000/297000
)

lit_crtcs() { # how many outputs are lit (each on a CRTC of its own here); both drivers
	cat /sys/class/drm/card0-*/enabled | grep -c '^enabled$'
}

# The tables above are radeon's single-head ones, so the console must be
# on one CRTC. A test before this one in the boot can leave it cloned on
# VGA and DVI (the console's restore lights every connected output): then
# the multi-head rule is checked first (every profile keeps the default
# state, r420_pm_init_profile's *_MH entries), and the DVI monitor is
# unplugged until the test ends.
one_head() { # DEV
	local dev=$1 end

	[ "$(lit_crtcs)" -gt 1 ] || return 0
	echo low >"$dev/power_profile" || { echo "writing low failed"; exit 1; }
	sleep 1
	[ "$(clocks)" = "${want[default]}" ] ||
		{ echo "two heads lit: low gave $(clocks), want the default ${want[default]}"; exit 1; }
	echo default >"$dev/power_profile"
	echo "two heads lit: low keeps the default clocks, as radeon's multi-head profile"
	qom_set monitor-dvi false || { echo "qom-set monitor-dvi false"; exit 1; }
	trap 'qom_set monitor-dvi true' EXIT
	end=$((SECONDS + 20))
	while [ "$(lit_crtcs)" -gt 1 ]; do
		[ "$SECONDS" -lt "$end" ] || { echo "still $(lit_crtcs) CRTCs lit after the DVI unplug"; exit 1; }
		sleep 0.2
	done
}

profiles_check() { # the profiles in turn, the model's clocks and a CS after each
	local dev=$1 p

	if [ "$(stat -c %a "$dev/power_profile" "$dev/power_method" | sort -u)" != 644 ]; then
		echo "modes $(stat -c %a "$dev/power_profile" "$dev/power_method")"; exit 1
	fi
	if [ "$(cat "$dev/power_method") $(cat "$dev/power_profile")" != "profile default" ]; then
		echo "at load: $(cat "$dev/power_method") $(cat "$dev/power_profile")"; exit 1
	fi
	[ "$(clocks)" = "${want[default]}" ] || { echo "at load: clocks $(clocks)"; exit 1; }
	one_head "$dev"
	[ "$(lit_crtcs)" = 1 ] || { echo "$(lit_crtcs) CRTCs lit, want one"; exit 1; }
	for p in low mid high low default auto mid default; do
		echo "$p" >"$dev/power_profile" || { echo "writing $p failed"; exit 1; }
		[ "$(cat "$dev/power_profile")" = "$p" ] || { echo "reads $(cat "$dev/power_profile") after $p"; exit 1; }
		wait_clocks "${want[$p]}" 5 || { echo "after $p"; exit 1; }
		cs_check "power_profile $p"
		echo "$p: $(clocks) kHz, CS ok"
	done
	if echo turbo >"$dev/power_profile" 2>/dev/null; then
		echo "power_profile turbo accepted"; exit 1
	fi
	if echo static >"$dev/power_method" 2>/dev/null; then
		echo "power_method static accepted"; exit 1
	fi
	if [ "$(cat "$dev/power_method") $(cat "$dev/power_profile")" != "profile default" ]; then
		echo "after bad writes: $(cat "$dev/power_method") $(cat "$dev/power_profile")"; exit 1
	fi
}
