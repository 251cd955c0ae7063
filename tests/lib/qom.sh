# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by VM tests: the GPU's QOM properties (the model's monitors,
# clocks, panel state) through the VM's QMP socket (tests/vm/qmp).

qom_get() { # PROPERTY: its value on the GPU
	tests/vm/qmp "{\"execute\": \"qom-get\", \"arguments\": {\"path\": \"/machine/peripheral/gpu\", \"property\": \"$1\"}}" |
		sed -n 's/.*"return": *\([^,}]*\).*/\1/p'
}

qom_set() { # PROPERTY VALUE: qom-set on the GPU (VALUE as JSON)
	tests/vm/qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"/machine/peripheral/gpu\", \"property\": \"$1\", \"value\": $2}}" >/dev/null
}
