// SPDX-License-Identifier: GPL-2.0
/*
 * Write to a file (a sysctl) in a controlled way and print what each
 * write() returned, for the bad-input tests:
 *
 *   sysctl-write [-u UID[:GID]] [-d UID[:GID]] [-o OFFSET] [-F] FILE [PART...]
 *
 * Options come first (the first non-option is FILE, so a PART may start with
 * "-"). Opens FILE write-only and writes each PART with its own write() call
 * (an empty PART is a zero-length write); the escapes \n, \t, \0 and \\
 * are expanded. Prints one line: per PART the byte count returned or the
 * errno name, e.g. "2", "EINVAL", "1 1"; "open:EACCES" if the open fails.
 *   -u  become UID (and GID, default the same) before opening
 *   -d  open as the caller, then become UID before writing
 *   -o  write with pwrite() at OFFSET (advanced by what each part wrote)
 *   -F  one more write, of 2 bytes from an unmapped address
 * Exit status 0 unless the usage is wrong (2) or dropping privileges fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *errname(int e)
{
	static char buf[24];

	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case ESRCH: return "ESRCH";
	case EIO: return "EIO";
	case EBADF: return "EBADF";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EINVAL: return "EINVAL";
	case ENOSPC: return "ENOSPC";
	case ESPIPE: return "ESPIPE";
	case EROFS: return "EROFS";
	case ERANGE: return "ERANGE";
	}
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

static void become(const char *spec)
{
	char *end;
	long uid = strtol(spec, &end, 10), gid = uid;

	if (*end == ':')
		gid = strtol(end + 1, &end, 10);
	if (*end || end == spec) {
		fprintf(stderr, "sysctl-write: bad UID[:GID] '%s'\n", spec);
		exit(2);
	}
	if (setgroups(0, NULL) || setgid(gid) || setuid(uid)) {
		perror("sysctl-write: dropping privileges");
		exit(1);
	}
}

/* Expand \n \t \0 \\ in place; returns the length. */
static size_t unescape(char *s)
{
	char *start = s, *o = s;

	for (; *s; s++) {
		if (*s != '\\' || !s[1]) {
			*o++ = *s;
			continue;
		}
		switch (*++s) {
		case 'n': *o++ = '\n'; break;
		case 't': *o++ = '\t'; break;
		case '0': *o++ = '\0'; break;
		default: *o++ = *s; break;
		}
	}
	return o - start;
}

int main(int argc, char **argv)
{
	const char *as = NULL, *drop = NULL;
	long long off = 0;
	int use_off = 0, fault = 0, fd, i, c;

	while ((c = getopt(argc, argv, "+u:d:o:F")) != -1) {
		switch (c) {
		case 'u': as = optarg; break;
		case 'd': drop = optarg; break;
		case 'o': off = atoll(optarg); use_off = 1; break;
		case 'F': fault = 1; break;
		default: return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: sysctl-write [-u UID] [-d UID] [-o OFFSET] [-F] FILE [PART...]\n");
		return 2;
	}
	if (as)
		become(as);
	fd = open(argv[optind], O_WRONLY);
	if (fd < 0) {
		printf("open:%s\n", errname(errno));
		return 0;
	}
	if (drop)
		become(drop);
	for (i = optind + 1; i <= argc; i++) {
		const char *buf = argv[i];
		size_t len;
		ssize_t n;

		if (i == argc) {
			if (!fault)
				break;
			buf = (const char *)8;	/* never mapped */
			len = 2;
		} else {
			len = unescape(argv[i]);
		}
		n = use_off ? pwrite(fd, buf, len, (off_t)off) : write(fd, buf, len);
		if (n >= 0) {
			printf("%s%zd", i > optind + 1 ? " " : "", n);
			off += n;
		} else {
			printf("%s%s", i > optind + 1 ? " " : "", errname(errno));
		}
	}
	printf("\n");
	close(fd);
	return 0;
}
