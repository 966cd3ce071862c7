/* Linux's epoll and eventfd, which the Glibc module does not import: each event loop blocks in
   epoll_wait and is woken from other threads through an eventfd. Linux only (Package.swift
   links it there; Darwin's loops use kqueue). */
#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif
