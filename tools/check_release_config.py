"""Check that cibuildwheel's configuration (``[tool.cibuildwheel]`` in pyproject.toml) selects
exactly the binary wheels a release promises: CPython 3.10–3.13 for manylinux x86_64 and
aarch64, musllinux x86_64, macOS x86_64 and arm64, and Windows AMD64 (24 wheels).

Run by ``nox -s lint``; it needs cibuildwheel installed, and no container or other system.
"""

from __future__ import annotations

import subprocess
import sys

PYTHONS = ("cp310", "cp311", "cp312", "cp313")
PROMISED = {
    ("linux", "x86_64"): ("manylinux_x86_64", "musllinux_x86_64"),
    ("linux", "aarch64"): ("manylinux_aarch64",),
    ("macos", "x86_64"): ("macosx_x86_64",),
    ("macos", "arm64"): ("macosx_arm64",),
    ("windows", "AMD64"): ("win_amd64",),
}
"""(platform, arch) → the wheel platforms cibuildwheel must build there, for every Python."""


def identifiers(platform: str, arch: str) -> set[str]:
    """What cibuildwheel would build for one platform and architecture."""
    done = subprocess.run(
        ["cibuildwheel", "--print-build-identifiers", "--platform", platform, "--archs", arch],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.split())


def main() -> int:
    """Compare each selection with the promise; report every difference."""
    failures = 0
    for (platform, arch), wheel_platforms in PROMISED.items():
        want = {f"{py}-{wp}" for py in PYTHONS for wp in wheel_platforms}
        got = identifiers(platform, arch)
        if got != want:
            failures += 1
            print(f"{platform} {arch}: missing {sorted(want - got)}, extra {sorted(got - want)}")
        else:
            print(f"{platform} {arch}: {len(got)} wheels as promised")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
