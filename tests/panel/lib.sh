# shellcheck shell=bash
# Sourced by the panel tests (tests/panel/*.sh): the panel's QOM state and
# its console (head 2) through QMP.  PANEL_SIZE: the panel's native size
# (rv380m's 1024x768 unless the test says).

. tests/lib/qom.sh

panel_lit_rows() { # rows lit in the top 64 lines of the panel's screendump
	local dump=$R5XX_SCRATCH/panel.ppm

	tests/vm/qmp screendump "$dump" 2 >/dev/null || return 1
	python3 - "$dump" "${PANEL_SIZE:-1024x768}" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read().split(b'\n', 3)
w, h = map(int, d[1].split())
px = d[3]
assert f"{w}x{h}" == sys.argv[2], (w, h)
print(sum(any(px[(y * w) * 3:(y + 1) * w * 3]) for y in range(64)))
PY
}

panel_console_check() { # the console shows on the panel: cleared, then a line of text
	local n0 n1

	printf '\033[2J\033[H\033[?25l' >/dev/tty1
	sleep 0.5
	n0=$(panel_lit_rows)
	printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n' >/dev/tty1
	sleep 0.5
	n1=$(panel_lit_rows)
	echo "panel: lit rows in the top 64 lines: $n0 after clearing, $n1 after a line of text"
	[ "$n0" = 0 ] && [ "$n1" -ge 8 ] && [ "$n1" -le 32 ]
}
