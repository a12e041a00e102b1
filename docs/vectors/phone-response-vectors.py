"""Independent reference for docs/vectors/phone-response.json (docs/phone-response-encryption.md).

Written from RFC 9180 and NIST SP 800-38D, not from Parley's code: HPKE base mode with
DHKEM(P-256, HKDF-SHA256), HKDF-SHA256 and AES-256-GCM is spelled out step by step below with
Python's `cryptography` primitives only (EC, HKDF, AES-GCM). Each sealed key is also opened with
`cryptography`'s own HPKE implementation as a cross-check. Run once; the JSON it prints is
committed and a test checks the web app's code against it:

    python3 docs/vectors/phone-response-vectors.py > docs/vectors/phone-response.json
"""
import base64
import hashlib
import hmac
import json

from cryptography.hazmat.primitives import hashes, hpke, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
KEM_ID, KDF_ID, AEAD_ID = 0x0010, 0x0001, 0x0002
KEM_SUITE = b"KEM" + KEM_ID.to_bytes(2, "big")
HPKE_SUITE = b"HPKE" + KEM_ID.to_bytes(2, "big") + KDF_ID.to_bytes(2, "big") + AEAD_ID.to_bytes(2, "big")


def extract(salt: bytes, ikm: bytes) -> bytes:
    return hmac.new(salt or bytes(32), ikm, hashlib.sha256).digest()


def expand(prk: bytes, info: bytes, length: int) -> bytes:
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]


def labeled_extract(suite: bytes, salt: bytes, label: bytes, ikm: bytes) -> bytes:
    return extract(salt, b"HPKE-v1" + suite + label + ikm)


def labeled_expand(suite: bytes, prk: bytes, label: bytes, info: bytes, length: int) -> bytes:
    return expand(prk, length.to_bytes(2, "big") + b"HPKE-v1" + suite + label + info, length)


def derive_key_pair(ikm: bytes):
    """RFC 9180 section 7.1.3 for P-256 (bitmask 0xff)."""
    dkp_prk = labeled_extract(KEM_SUITE, b"", b"dkp_prk", ikm)
    for counter in range(256):
        candidate = labeled_expand(KEM_SUITE, dkp_prk, b"candidate", bytes([counter]), 32)
        sk = int.from_bytes(candidate, "big")
        if 0 < sk < P256_N:
            return ec.derive_private_key(sk, ec.SECP256R1())
    raise ValueError("DeriveKeyPairError")


def point(public_key) -> bytes:
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def seal(recipient_public, info: bytes, plaintext: bytes, ephemeral_ikm: bytes):
    """RFC 9180 base mode, single shot: SetupBaseS then Seal with seq 0 and empty AAD."""
    sk_e = derive_key_pair(ephemeral_ikm)
    enc = point(sk_e.public_key())
    dh = sk_e.exchange(ec.ECDH(), recipient_public)
    kem_context = enc + point(recipient_public)
    eae_prk = labeled_extract(KEM_SUITE, b"", b"eae_prk", dh)
    shared_secret = labeled_expand(KEM_SUITE, eae_prk, b"shared_secret", kem_context, 32)
    psk_id_hash = labeled_extract(HPKE_SUITE, b"", b"psk_id_hash", b"")
    info_hash = labeled_extract(HPKE_SUITE, b"", b"info_hash", info)
    context = bytes([0]) + psk_id_hash + info_hash
    secret = labeled_extract(HPKE_SUITE, shared_secret, b"secret", b"")
    key = labeled_expand(HPKE_SUITE, secret, b"key", context, 32)
    base_nonce = labeled_expand(HPKE_SUITE, secret, b"base_nonce", context, 12)
    return enc, AESGCM(key).encrypt(base_nonce, plaintext, b""), {
        "ephemeralPrivateKeyHex": sk_e.private_numbers().private_value.to_bytes(32, "big").hex(),
        "sharedSecretHex": shared_secret.hex(),
        "keyHex": key.hex(),
        "baseNonceHex": base_nonce.hex(),
    }


def fixed_key(seed: bytes):
    return ec.derive_private_key(int.from_bytes(hashlib.sha512(seed).digest(), "big") % P256_N, ec.SECP256R1())


recipient = fixed_key(b"parley test key A")
public_pem = recipient.public_key().public_bytes(
    serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
).decode()
private_pem = recipient.private_bytes(
    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
).decode()
library = hpke.Suite(hpke.KEM.P256, hpke.KDF.HKDF_SHA256, hpke.AEAD.AES_256_GCM)

vectors = []
for n, (request_id, data) in enumerate(
    [
        (
            "c4a8e2f0-9d3b-4c7a-8e1f-2b3c4d5e6f70",
            {
                "firstName": "Zoë",
                "lastName": "Ångström",
                "age": 34,
                "mobile": "+351 21 000 0142",
                "email": "zoe@example.org",
                "gender": "female",
                "location": {
                    "name": "Home",
                    "street": "Rua de São Miguel 12",
                    "region": "Lisboa",
                    "district": "Alfama",
                    "city": "Lisbon",
                    "country": "Portugal",
                },
                "image_upload": ["https://images.example.org/p/zoe-1.jpg"],
            },
        ),
        (
            "0f6d2b1e-7a4c-4d3b-9e8f-1a2b3c4d5e6f",
            {
                "health": {"stepsPerDay": 8200, "restingHeartRate": 61, "sleepHours": 7.5},
                "idDocument": {"type": "passport", "country": "PT", "last4": "0427"},
            },
        ),
    ]
):
    data_key = hashlib.sha256(b"parley phone vector data key %d" % n).digest()
    iv = hashlib.sha256(b"parley phone vector iv %d" % n).digest()[:12]
    ephemeral_ikm = hashlib.sha256(b"parley phone vector ephemeral %d" % n).digest()
    # the JSON exactly as JavaScript's JSON.stringify writes it: no spaces, UTF-8 as is
    plaintext = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    aad = f"response-data|{request_id}"
    info = f"response-key|{request_id}"
    encrypted_data = "aesgcm1." + base64.b64encode(
        iv + AESGCM(data_key).encrypt(iv, plaintext.encode(), aad.encode())
    ).decode()
    enc, ct, steps = seal(recipient.public_key(), info.encode(), data_key, ephemeral_ikm)
    sealed_key = "hpke1." + base64.b64encode(enc + ct).decode()
    # cross-check with the library's own HPKE
    assert library.decrypt(enc + ct, recipient, info.encode()) == data_key
    vectors.append(
        {
            "requestId": request_id,
            "responseJson": plaintext,
            "dataKeyHex": data_key.hex(),
            "ivHex": iv.hex(),
            "aad": aad,
            "encryptedData": encrypted_data,
            "hpkeInfo": info,
            "ephemeralIkmHex": ephemeral_ikm.hex(),
            "encHex": enc.hex(),
            "hpkeSteps": steps,
            "sealedKey": sealed_key,
        }
    )

print(
    json.dumps(
        {
            "description": "Known-answer vectors for a phone-app collection response (docs/phone-response-encryption.md). Computed by docs/vectors/phone-response-vectors.py from RFC 9180 and AES-GCM primitives, independently of Parley's code.",
            "suite": {
                "mode": "base (0x00)",
                "kem": "DHKEM(P-256, HKDF-SHA256) (0x0010)",
                "kdf": "HKDF-SHA256 (0x0001)",
                "aead": "AES-256-GCM (0x0002)",
            },
            "recipient": {"publicKeyPem": public_pem, "privateKeyPem": private_pem},
            "vectors": vectors,
        },
        indent=2,
        ensure_ascii=False,
    )
)
