#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

/* libcurl is loaded at run time, when the server first forwards something (`UpstreamClientLibrary`):
   nothing links it, so a server that forwards nothing never maps it and its twenty-odd
   dependencies. These are the functions the client calls, as `ccurl_load` finds them. */
typedef struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_pause)(CURL *handle, int bitmask);
    /* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift can
       neither call nor hold: kept untyped and called through the ccurl_… wrappers below. */
    void *easy_setopt;
    void *easy_getinfo;
    void *multi_setopt;
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_timeout)(CURLM *multi, long *milliseconds);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
} ccurl_functions;

/* The library by its versioned name (the ABI these declarations describe), never the
   development package's unversioned link. */
#if defined(__APPLE__)
#define CCURL_LIBRARY_NAME "libcurl.4.dylib"
#else
#define CCURL_LIBRARY_NAME "libcurl.so.4"
#endif

/* Loads libcurl and fills `functions`. NULL on success; otherwise why not (the loader's message,
   or the name of a function the library lacks), valid until the next call. The library stays
   loaded for the life of the process. */
static inline const char *ccurl_load(ccurl_functions *functions) {
    void *library = dlopen(CCURL_LIBRARY_NAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) { return dlerror(); }
#define CCURL_FIND(field, symbol) \
    if ((*(void **)&functions->field = dlsym(library, symbol)) == NULL) { return symbol " is missing from " CCURL_LIBRARY_NAME; }
    CCURL_FIND(global_init, "curl_global_init")
    CCURL_FIND(easy_init, "curl_easy_init")
    CCURL_FIND(easy_cleanup, "curl_easy_cleanup")
    CCURL_FIND(easy_pause, "curl_easy_pause")
    CCURL_FIND(easy_setopt, "curl_easy_setopt")
    CCURL_FIND(easy_getinfo, "curl_easy_getinfo")
    CCURL_FIND(multi_setopt, "curl_multi_setopt")
    CCURL_FIND(slist_append, "curl_slist_append")
    CCURL_FIND(slist_free_all, "curl_slist_free_all")
    CCURL_FIND(multi_init, "curl_multi_init")
    CCURL_FIND(multi_cleanup, "curl_multi_cleanup")
    CCURL_FIND(multi_add_handle, "curl_multi_add_handle")
    CCURL_FIND(multi_remove_handle, "curl_multi_remove_handle")
    CCURL_FIND(multi_perform, "curl_multi_perform")
    CCURL_FIND(multi_timeout, "curl_multi_timeout")
    CCURL_FIND(multi_poll, "curl_multi_poll")
    CCURL_FIND(multi_wakeup, "curl_multi_wakeup")
    CCURL_FIND(multi_info_read, "curl_multi_info_read")
#undef CCURL_FIND
    return NULL;
}

typedef CURLcode (*ccurl_easy_setopt_function)(CURL *handle, CURLoption option, ...);
typedef CURLcode (*ccurl_easy_getinfo_function)(CURL *handle, CURLINFO info, ...);
typedef CURLMcode (*ccurl_multi_setopt_function)(CURLM *multi, CURLMoption option, ...);

/* One typed wrapper per argument kind of the variadic functions. */
static inline CURLcode ccurl_setopt_long(const ccurl_functions *curl, CURL *handle, CURLoption option, long value) {
    return ((ccurl_easy_setopt_function)curl->easy_setopt)(handle, option, value);
}
static inline CURLcode ccurl_setopt_off(const ccurl_functions *curl, CURL *handle, CURLoption option, curl_off_t value) {
    return ((ccurl_easy_setopt_function)curl->easy_setopt)(handle, option, value);
}
static inline CURLcode ccurl_setopt_string(const ccurl_functions *curl, CURL *handle, CURLoption option, const char *value) {
    return ((ccurl_easy_setopt_function)curl->easy_setopt)(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(const ccurl_functions *curl, CURL *handle, CURLoption option, void *value) {
    return ((ccurl_easy_setopt_function)curl->easy_setopt)(handle, option, value);
}
static inline CURLcode ccurl_setopt_slist(const ccurl_functions *curl, CURL *handle, CURLoption option, struct curl_slist *value) {
    return ((ccurl_easy_setopt_function)curl->easy_setopt)(handle, option, value);
}
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode ccurl_setopt_callback(const ccurl_functions *curl, CURL *handle, CURLoption option, ccurl_data_callback value) {
    return ((ccurl_easy_setopt_function)curl->easy_setopt)(handle, option, value);
}
static inline CURLcode ccurl_getinfo_off(const ccurl_functions *curl, CURL *handle, CURLINFO info, curl_off_t *value) {
    return ((ccurl_easy_getinfo_function)curl->easy_getinfo)(handle, info, value);
}
static inline CURLMcode ccurl_multi_setopt_long(const ccurl_functions *curl, CURLM *multi, CURLMoption option, long value) {
    return ((ccurl_multi_setopt_function)curl->multi_setopt)(multi, option, value);
}
