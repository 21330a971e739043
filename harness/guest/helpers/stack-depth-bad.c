// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/<pid>/stack_depth of tasks that are gone or going (bad-input tests).
 * Each mode prints one line of "what=OUTCOME" words, OUTCOME being OK or the
 * errno name (open:ENOENT when the open fails, else the read's error):
 *
 *   stack-depth-bad read PATH        read PATH once
 *   stack-depth-bad dropread PATH U  open PATH as the caller, read it as uid U
 *   stack-depth-bad zombie           a child that exited, not yet reaped; the
 *                                    same fd after the reap; a new open then
 *   stack-depth-bad leader           a process whose main thread exited while
 *                                    another thread runs: the leader (zombie)
 *                                    and the live thread
 *   stack-depth-bad race SECONDS     one process reads /proc/<pid>/stack_depth
 *                                    (and .../task/<pid>/...) of the newest child
 *                                    in a loop while the main one forks children
 *                                    that exit at once and reaps them; prints the
 *                                    outcome counts
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *errname(int e)
{
	static char buf[24];

	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case ESRCH: return "ESRCH";
	case EACCES: return "EACCES";
	case EINVAL: return "EINVAL";
	case EFAULT: return "EFAULT";
	case ENOMEM: return "ENOMEM";
	case EINTR: return "EINTR";
	}
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

/* The file's content must be the two depth lines. */
static int well_formed(const char *buf)
{
	unsigned long prev, cur;
	char tail;

	return sscanf(buf, "previous stack depth: %lu\nstack depth: %lu%c",
		      &prev, &cur, &tail) == 3 && tail == '\n';
}

/* Read an open stack_depth file from the start: 0 if well formed, else an errno. */
static int read_fd(int fd)
{
	char buf[256];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n < 0)
		return errno;
	buf[n] = 0;
	return well_formed(buf) ? 0 : EIO;
}

/* "OK", "open:ERR" or "ERR" for one open + read of path. */
static const char *read_path(const char *path)
{
	static char out[40];
	int fd = open(path, O_RDONLY), e;

	if (fd < 0) {
		snprintf(out, sizeof(out), "open:%s", errname(errno));
		return out;
	}
	e = read_fd(fd);
	close(fd);
	return e ? errname(e) : "OK";
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static char state_of(pid_t pid)
{
	char path[64], buf[256], *p;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return '?';
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return '?';
	buf[n] = 0;
	p = strrchr(buf, ')');
	return p && p[1] && p[2] ? p[2] : '?';
}

static int zombie(void)
{
	char path[64];
	const char *r = "?";
	siginfo_t si;
	pid_t pid = fork();
	int fd, i, e;

	if (pid < 0)
		return perror("fork"), 1;
	if (!pid)
		_exit(0);
	/* Wait for the exit without reaping: the child stays a zombie. */
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT))
		return perror("waitid"), 1;
	snprintf(path, sizeof(path), "/proc/%d/stack_depth", (int)pid);
	fd = open(path, O_RDONLY);
	e = errno;
	printf("state=%c open=%s", state_of(pid), fd < 0 ? errname(e) : "OK");
	if (fd >= 0) {
		/* The stack goes with the task's last switch, just after the exit. */
		for (i = 0; i < 100; i++) {
			e = read_fd(fd);

			r = e ? errname(e) : "OK";
			if (e)
				break;
			sleep_ms(10);
		}
		printf(" read=%s", r);
	}
	waitpid(pid, NULL, 0);
	if (fd >= 0) {
		e = read_fd(fd);
		printf(" reaped-read=%s", e ? errname(e) : "OK");
		close(fd);
	}
	printf(" reaped-open=%s\n", read_path(path));
	return 0;
}

static void *idle_thread(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static int leader(void)
{
	char path[96];
	struct dirent *d;
	DIR *dir;
	pid_t pid = fork();
	int i, tid = 0;

	if (pid < 0)
		return perror("fork"), 1;
	if (!pid) {
		pthread_t t;

		if (pthread_create(&t, NULL, idle_thread, NULL))
			_exit(1);
		syscall(SYS_exit, 0);	/* only the main thread */
		_exit(1);
	}
	for (i = 0; i < 500 && state_of(pid) != 'Z'; i++)
		sleep_ms(10);
	printf("state=%c", state_of(pid));
	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	while (dir && (d = readdir(dir)))
		if (d->d_name[0] != '.' && atoi(d->d_name) != pid)
			tid = atoi(d->d_name);
	if (dir)
		closedir(dir);
	snprintf(path, sizeof(path), "/proc/%d/stack_depth", (int)pid);
	printf(" leader=%s", read_path(path));
	snprintf(path, sizeof(path), "/proc/%d/task/%d/stack_depth", (int)pid, (int)pid);
	printf(" leader-task=%s", read_path(path));
	snprintf(path, sizeof(path), "/proc/%d/task/%d/stack_depth", (int)pid, tid);
	printf(" thread=%s\n", tid ? read_path(path) : "none");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	return 0;
}

struct shared {
	volatile int pid, stop;
	long reads, ok, esrch, enoent, other;
	int first_other;
	char first_other_what[16];
};

static void reader(struct shared *s)
{
	char path[96];
	long n = 0;

	while (!s->stop) {
		int pid = s->pid, fd, e;
		const char *what = "open";

		if (!pid)
			continue;
		if (n++ & 1)
			snprintf(path, sizeof(path), "/proc/%d/task/%d/stack_depth", pid, pid);
		else
			snprintf(path, sizeof(path), "/proc/%d/stack_depth", pid);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			e = errno;
		} else {
			what = "read";
			e = read_fd(fd);
			close(fd);
		}
		s->reads++;
		if (!e) {
			s->ok++;
		} else if (e == ESRCH) {
			s->esrch++;
		} else if (e == ENOENT && fd < 0) {
			s->enoent++;
		} else {
			if (!s->other++) {
				s->first_other = e;
				snprintf(s->first_other_what, sizeof(s->first_other_what), "%s", what);
			}
		}
	}
	_exit(0);
}

static int race(int seconds)
{
	struct shared *s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
				MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	time_t end = time(NULL) + seconds;
	long children = 0;
	pid_t rd;

	if (s == MAP_FAILED)
		return perror("mmap"), 1;
	memset(s, 0, sizeof(*s));
	rd = fork();
	if (rd < 0)
		return perror("fork"), 1;
	if (!rd)
		reader(s);
	while (time(NULL) < end) {
		siginfo_t si;
		pid_t pid = fork();
		int i;

		if (pid < 0)
			return perror("fork"), 1;
		if (!pid) {
			/* Exit at once or after a few syscalls. */
			for (i = 0; i < (int)(children % 4) * 10; i++)
				getppid();
			_exit(0);
		}
		s->pid = pid;
		children++;
		/* Sometimes leave it a zombie for a moment before reaping it. */
		if (children % 3 == 0 && !waitid(P_PID, pid, &si, WEXITED | WNOWAIT))
			sleep_ms(1);
		waitpid(pid, NULL, 0);
	}
	s->stop = 1;
	waitpid(rd, NULL, 0);
	printf("children=%ld reads=%ld OK=%ld ESRCH=%ld ENOENT=%ld other=%ld",
	       children, s->reads, s->ok, s->esrch, s->enoent, s->other);
	if (s->other)
		printf(" first-other=%s:%s", s->first_other_what, errname(s->first_other));
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "read")) {
		printf("%s\n", read_path(argv[2]));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "dropread")) {
		int fd = open(argv[2], O_RDONLY), uid = atoi(argv[3]), e;

		if (fd < 0) {
			printf("open:%s\n", errname(errno));
			return 0;
		}
		if (setgroups(0, NULL) || setgid(uid) || setuid(uid))
			return perror("setuid"), 1;
		e = read_fd(fd);
		printf("%s\n", e ? errname(e) : "OK");
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "zombie"))
		return zombie();
	if (argc == 2 && !strcmp(argv[1], "leader"))
		return leader();
	if (argc == 3 && !strcmp(argv[1], "race"))
		return race(atoi(argv[2]));
	fprintf(stderr, "usage: stack-depth-bad read PATH | dropread PATH UID | zombie | leader | race SECONDS\n");
	return 2;
}
