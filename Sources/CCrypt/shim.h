/* libxcrypt (crypt_gensalt_rn, crypt_r): the maintained password-hashing library, used for yescrypt. */
#include <crypt.h>
