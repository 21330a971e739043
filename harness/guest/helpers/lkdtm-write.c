/* Write an LKDTM crash type to provoke-crash/DIRECT N times through the raw
 * write() syscall. Built 64-bit (lkdtm-write) and -m32 (lkdtm-write32) so the
 * compat syscall entry/exit path can be exercised too.
 * Usage: lkdtm-write [COUNT [CRASHTYPE]] */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *path = "/sys/kernel/debug/provoke-crash/DIRECT";
	int count = argc > 1 ? atoi(argv[1]) : 1;
	const char *type = argc > 2 ? argv[2] : "STACKLEAK_ERASING";
	int fd = open(path, O_WRONLY);

	if (fd < 0) {
		perror(path);
		return 1;
	}
	for (int i = 0; i < count; i++) {
		if (write(fd, type, strlen(type)) != (ssize_t)strlen(type)) {
			perror("write");
			return 1;
		}
	}
	close(fd);
	printf("lkdtm-write: %d-bit, wrote %s %d time(s)\n", (int)sizeof(long) * 8, type, count);
	return 0;
}
