// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the debug KUnit run's initramfs (see kunit.sh). The kernel runs
 * the KUnit suite before it starts init; this init then asks kmemleak for a
 * scan, prints its report on the console between two marker lines, and
 * powers the machine off.
 *
 * Built against the kernel tree's nolibc, so it needs no C library:
 *   gcc -Os -nostdlib -static -include tools/include/nolibc/nolibc.h \
 *       kmemleak-init.c -lgcc
 */

static void say(const char *s)
{
	write(1, s, strlen(s));
}

static int kmemleak(const char *cmd)
{
	int fd = open("/debug/kmemleak", O_WRONLY);
	int ret = 0;

	if (fd < 0)
		return -1;
	if (write(fd, cmd, strlen(cmd)) != (ssize_t)strlen(cmd))
		ret = -1;
	close(fd);
	return ret;
}

int main(void)
{
	static char buf[4096];
	ssize_t n;
	int fd;

	if (mount("debugfs", "/debug", "debugfs", 0, NULL) < 0) {
		say("kmemleak-init: cannot mount debugfs\n");
		goto off;
	}
	/*
	 * kmemleak reports an object from the second scan that finds it
	 * unreferenced (the first records its checksum), and only once it is
	 * 5 s old; the last case ended a moment ago. Scan, wait past that
	 * age, scan again.
	 */
	if (kmemleak("scan") < 0 || sleep(6) || kmemleak("scan") < 0) {
		say("kmemleak-init: kmemleak scan failed (is kmemleak on?)\n");
		goto off;
	}
	fd = open("/debug/kmemleak", O_RDONLY);
	if (fd < 0) {
		say("kmemleak-init: cannot read the report\n");
		goto off;
	}
	say("kmemleak-init: report begins\n");
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		write(1, buf, n);
	close(fd);
	say("kmemleak-init: report ends\n");
off:
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
	return 0;
}
