# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plots for the benchmark scripts, with Debian's python3-matplotlib.

matplotlib is optional (scripts/install-deps.sh installs it): where it is
missing, pyplot() says so once and returns None, and the scripts print their
tables without the plots.
"""

import os
import sys


def pyplot():
    """matplotlib.pyplot on a file backend, or None (with a message) where
    matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")  # PNG files; no display needed.
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        sys.stderr.write("plots skipped: matplotlib is missing (Debian: "
                         "apt-get install python3-matplotlib)\n")
        return None


def save(plt, fig, directory, name):
    """Writes the figure as DIRECTORY/NAME and says where."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    sys.stderr.write("  plot: %s\n" % path)
    return path
