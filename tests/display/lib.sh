# shellcheck shell=bash
# Sourced by the display VM tests (tests/display/*.sh): run one guest
# program from build/display/ (built by tests/display/build.test) with
# arguments; returns its exit status (chain calls with ||  exit 1).

. tests/lib/guest.sh
. tests/lib/qom.sh

run_guest() { # NAME [ARG...]
	local name=$1

	guest_check display tests/display/guest "$name" tests/display/guest/disp.c
	shift
	"build/display/$name" "$@"
}

# fbcon_shows_text HEAD: the console clears and then a line of text shows
# on the model's head HEAD (1024x768): no row lit in its top 64 lines after
# clearing (waited for while fbcon's hot plug work sets the mode), 8 to 32
# rows after the text. Prints the counts; returns the verdict.
fbcon_shows_text() {
	local head=$1 dump=$R5XX_SCRATCH/fbcon-head$1.ppm n0 n1 _

	printf '\033[2J\033[H\033[?25l' >/dev/tty1
	for _ in $(seq 50); do
		n0=$(fbcon_lit_rows "$head" "$dump")
		[ "$n0" = 0 ] && break
		sleep 0.2
	done
	printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n' >/dev/tty1
	sleep 0.5
	n1=$(fbcon_lit_rows "$head" "$dump")
	echo "head $head: $n0 lit rows in the top 64 lines after clearing, $n1 after a line of text"
	[ "$n0" = 0 ] && [ "$n1" -ge 8 ] && [ "$n1" -le 32 ]
}

fbcon_lit_rows() { # HEAD DUMP: rows lit in the top 64 lines of the head
	tests/vm/qmp screendump "$2" "$1" >/dev/null
	python3 - "$2" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read().split(b'\n', 3)
w, h = map(int, d[1].split())
px = d[3]
if (w, h) != (1024, 768):
    print(f"{w}x{h}")
    sys.exit()
print(sum(any(px[(y * w) * 3:(y + 1) * w * 3]) for y in range(64)))
PY
}
