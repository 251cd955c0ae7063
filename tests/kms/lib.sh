# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by the KMS tests that compare the console on head 0 before and
# after something (tests/kms/suspend.sh, s3.sh), after tests/driver/lib.sh
# (fail). Screendumps go to $R5XX_SCRATCH/NAME.ppm (tests/vm/qmp).

# Screendumps of head 0 until two in a row are the same (the console draws
# from its shadow buffer in a worker); at most 50.
console_stable() { # NAME
	local _
	tests/vm/qmp screendump "$R5XX_SCRATCH/$1.ppm" 0 >/dev/null || fail "screendump"
	for _ in $(seq 50); do
		cp "$R5XX_SCRATCH/$1.ppm" "$R5XX_SCRATCH/$1.prev"
		tests/vm/qmp screendump "$R5XX_SCRATCH/$1.ppm" 0 >/dev/null || fail "screendump"
		cmp -s "$R5XX_SCRATCH/$1.ppm" "$R5XX_SCRATCH/$1.prev" && return 0
	done
	fail "head 0 never settled"
}

# The size line ("W H") of screendump NAME.
console_size() { # NAME
	sed -n 2p "$R5XX_SCRATCH/$1.ppm"
}

# Clear the console, show TEXT on it, and take screendump NAME once it
# settled; the console must be 1024x768. The cursor stops blinking first,
# so that two screendumps of the same text are the same.
console_show() { # NAME TEXT
	echo 0 >/sys/class/graphics/fbcon/cursor_blink
	printf '\033[2J\033[H%s\n' "$2" >/dev/tty1
	console_stable "$1"
	[ "$(console_size "$1")" = "1024 768" ] ||
		fail "console at $(console_size "$1"), not 1024x768"
}

# Fail with WHY unless screendumps A and B are the same, pixel for pixel.
console_same() { # A B WHY
	cmp -s "$R5XX_SCRATCH/$1.ppm" "$R5XX_SCRATCH/$2.ppm" ||
		fail "$3: head 0 ($(console_size "$2")) differs from before"
}
