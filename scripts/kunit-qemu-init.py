# SPDX-License-Identifier: GPL-2.0
# kunit.py's x86_64 QEMU configuration plus an initramfs whose /init runs once
# the suite is done (kunit.sh's debug run: a kmemleak scan, kmemleak-init.c).
#
# kunit.py appends "kunit_shutdown=reboot" to this command line, which would
# restart the machine before init. The "--" ends the kernel's parameters: what
# follows it is passed to init as an argument, which init ignores. panic=-1:
# a panic (init dying, say) restarts the machine, and QEMU (-no-reboot) ends,
# where it would wait for kunit.py's timeout.
import os
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='x86_64',
			   kconfig='''
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_BLK_DEV_INITRD=y''',
			   qemu_arch='x86_64',
			   kernel_path='arch/x86/boot/bzImage',
			   kernel_command_line='console=ttyS0 panic=-1 rdinit=/init --',
			   extra_qemu_params=['-bios', 'qboot.rom',
					      '-initrd', os.environ['KUNIT_INITRD']])
