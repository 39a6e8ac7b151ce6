"""tinygrad on Tolk: importing this module registers the Tolk device.

tinygrad finds a device `X` by importing `tinygrad.runtime.ops_x`; this
module makes that name resolve to `tolk.tinygrad.device` without changing
tinygrad's files, so that `DEV=TOLK` works once it is imported
(docs/Tinygrad.md, "Use").
"""
import sys

from tolk.tinygrad import device

sys.modules.setdefault("tinygrad.runtime.ops_tolk", device)
