#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

/* OpenSSL 3's libcrypto, the system's scrypt on Linux (optimised whatever the build
   configuration; Darwin uses swift-crypto's CryptoExtras). Loaded at run time, when the first
   password is hashed or verified (`SystemScrypt`): nothing links it, so a server that checks no
   password never maps it. Only EVP_PBE_scrypt is used, declared here as libcrypto 3 defines it. */
typedef int (*copenssl_scrypt_function)(const char *password, size_t password_length,
                                        const unsigned char *salt, size_t salt_length,
                                        uint64_t n, uint64_t r, uint64_t p, uint64_t max_memory,
                                        unsigned char *key, size_t key_length);

/* The library by its versioned name (the ABI this declaration describes), never the development
   package's unversioned link. */
#define COPENSSL_LIBRARY_NAME "libcrypto.so.3"

/* Loads libcrypto and finds EVP_PBE_scrypt. NULL on success; otherwise why not (the loader's
   message, or that the library lacks the function), valid until the next call. The library
   stays loaded for the life of the process. */
static inline const char *copenssl_load_scrypt(copenssl_scrypt_function *function) {
    void *library = dlopen(COPENSSL_LIBRARY_NAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) { return dlerror(); }
    if ((*(void **)function = dlsym(library, "EVP_PBE_scrypt")) == NULL) {
        return "EVP_PBE_scrypt is missing from " COPENSSL_LIBRARY_NAME;
    }
    return NULL;
}
