/* libxcrypt (crypt_r): reads the yescrypt hashes that earlier builds wrote. Linux only
   (Package.swift links it there); new hashes are scrypt from swift-crypto. */
#include <crypt.h>
