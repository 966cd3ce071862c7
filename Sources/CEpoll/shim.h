/* Linux's epoll and eventfd, which the Glibc module does not import: each event loop blocks in
   epoll_wait and is woken from other threads through an eventfd. Also pthread_setname_np, which
   glibc declares only under _GNU_SOURCE: the loops name their threads with it. Linux only
   (Package.swift links it there; Darwin's loops use kqueue and Darwin's own declaration). */
#if defined(__linux__)
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

int pthread_setname_np(pthread_t thread, const char *name);
#endif
