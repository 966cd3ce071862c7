/* OpenSSL's libcrypto (EVP_PBE_scrypt): the system's scrypt on Linux, optimised whatever the
   build configuration. Linux only (Package.swift); Darwin uses swift-crypto's CryptoExtras. */
#include <openssl/evp.h>
