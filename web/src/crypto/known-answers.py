"""Independent reference for the known-answer vectors in web/src/crypto/*.test.ts.

Run once with Python's `cryptography` package (>= 47, for HPKE); its output was pasted into the
tests as fixed constants. It re-implements our formats from CRYPTO.md on a different stack, so a
vector that passes in the TypeScript tests means both sides agree on every byte (info strings,
AAD, padding, type tags), not merely that our code round-trips with itself.

    python3 web/src/crypto/known-answers.py
"""
import base64
import hashlib
import hmac
import struct
import unicodedata

from cryptography.hazmat.primitives import hashes, hpke, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P384_N = int("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973", 16)


def fixed_key(seed: bytes, curve, order: int):
    return ec.derive_private_key(int.from_bytes(hashlib.sha512(seed).digest(), "big") % order, curve)


def pems(key):
    pub = key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    priv = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return pub.decode(), priv.decode()


def key_id(key) -> str:
    der = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return hashlib.sha256(der).digest()[:16].hex()


def hkdf(room_key: bytes, room_id: str, info: str) -> bytes:
    return HKDF(hashes.SHA256(), 32, room_id.encode(), info.encode()).derive(room_key)


def normalise(value: str, kind: str) -> str:
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if kind == "email":
        return text.lower()
    if kind == "phone":
        return "".join(c for c in text if c in "0123456789")
    return text


def token(token_key: bytes, value: str, kind: str) -> str:
    message = f"{kind}:v1".encode() + b"\0" + normalise(value, kind).encode()
    return hmac.new(token_key, message, hashlib.sha256).digest()[:16].hex()


def pad(value: str, bucket: int) -> bytes:
    raw = value.encode()
    size = bucket
    while size < 4 + len(raw):
        size *= 2
    return struct.pack(">I", len(raw)) + raw + bytes(size - 4 - len(raw))


def seal_cell(seal_key: bytes, iv: bytes, value: str, place: list, bucket: int = 32) -> str:
    aad = "|".join(str(part) for part in place).encode()
    return (iv + AESGCM(seal_key).encrypt(iv, pad(value, bucket), aad)).hex()


ROOM_ID = "7d1f3c2a-5b64-4e8f-9a0b-1c2d3e4f5a6b"
USER_ID = "0b7e6a52-3c1d-4f2e-8a9b-5c6d7e8f9a01"
REQUEST_ID = "c4a8e2f0-9d3b-4c7a-8e1f-2b3c4d5e6f70"
DATASET_ID = "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9"
ROOM_KEY = bytes(range(32))
IV = bytes(range(12))

key_a = fixed_key(b"parley test key A", ec.SECP256R1(), P256_N)
key_b = fixed_key(b"parley test key B", ec.SECP256R1(), P256_N)
key_p384 = fixed_key(b"parley test key P-384", ec.SECP384R1(), P384_N)

print("== keys")
for name, key in [("A", key_a), ("B", key_b), ("P384", key_p384)]:
    pub, priv = pems(key)
    print(name, "id", key_id(key))
    print(pub + priv)
# Key A's SPKI with a compressed point: a different encoding of the same key (same key id).
compressed = key_a.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
algorithm_id = bytes.fromhex("301306072a8648ce3d020106082a8648ce3d030107")
spki_body = algorithm_id + bytes([0x03, len(compressed) + 1, 0]) + compressed
# Key A's x with the other y (the point -A): a different key that shares x.
P256_P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
a_numbers = key_a.public_key().public_numbers()
minus_a = ec.EllipticCurvePublicNumbers(a_numbers.x, P256_P - a_numbers.y, ec.SECP256R1()).public_key()
print("-A", minus_a.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode())
print("A compressed", base64.b64encode(bytes([0x30, len(spki_body)]) + spki_body).decode())

print("== hpke envelopes (to key A)")
suite = hpke.Suite(hpke.KEM.P256, hpke.KDF.HKDF_SHA256, hpke.AEAD.AES_256_GCM)
response_key = hashlib.sha256(b"parley response data key").digest()
for label, plaintext, info in [
    ("room key", ROOM_KEY, f"room-key|{ROOM_ID}|{USER_ID}|v1"),
    ("response key", response_key, f"response-key|{REQUEST_ID}"),
    ("utf8+emoji", "Zoë Ångström 🦊🔐".encode(), f"response-key|{REQUEST_ID}"),
]:
    envelope = "hpke1." + base64.b64encode(suite.encrypt(plaintext, key_a.public_key(), info.encode())).decode()
    print(label, plaintext.hex(), envelope)

print("== hkdf")
print("token|email", hkdf(ROOM_KEY, ROOM_ID, "parley/v1/token|email").hex())
print("seal|ds|name", hkdf(ROOM_KEY, ROOM_ID, f"parley/v1/seal|{DATASET_ID}|name").hex())

print("== tokens")
for domain, kind, value in [
    ("email", "email", "alice@example.com"),
    ("name", "text", "Zoë Ångström"),
    ("name", "text", "🦊 Fox Club"),
    ("phone", "phone", "+44 (0)20 7946-0958"),
]:
    print(domain, kind, repr(value), token(hkdf(ROOM_KEY, ROOM_ID, f"parley/v1/token|{domain}"), value, kind))

print("== cells (seal key name, fixed IV)")
seal_key = hkdf(ROOM_KEY, ROOM_ID, f"parley/v1/seal|{DATASET_ID}|name")
for row, value, bucket in [
    (1, "alice@example.com", 32),
    (2, "Zoë Ångström", 32),
    (3, "🦊🔐", 32),
    (4, "", 32),
    (5, "a value that is longer than thirty-two bytes", 32),
    (6, "short", 16),
]:
    print(row, repr(value), bucket, seal_cell(seal_key, IV, value, [ROOM_ID, DATASET_ID, "name", row, 1], bucket))

print("== withheld columns (CRYPTO.md s.5b): the data set's own secret S = 20 21 ... 3f")
DATASET_SECRET = bytes(range(32, 64))
withheld_key = hkdf(DATASET_SECRET, ROOM_ID, f"parley/v1/withheld|{DATASET_ID}|name")
print("withheld|ds|name", withheld_key.hex())
print("cell", seal_cell(withheld_key, IV, "Zoë Ångström", [ROOM_ID, DATASET_ID, "name", 1, 1], 32))
for label, plaintext, info in [
    ("dataset secret", DATASET_SECRET, f"dataset-secret|{ROOM_ID}|{DATASET_ID}|{USER_ID}"),
    ("column key", withheld_key, f"column-key|{ROOM_ID}|{DATASET_ID}|name|{USER_ID}"),
]:
    envelope = "hpke1." + base64.b64encode(suite.encrypt(plaintext, key_a.public_key(), info.encode())).decode()
    print(label, plaintext.hex(), envelope)

print("== collection response data (data key = the response key above, fixed IV)")
# JSON as JSON.stringify writes it (no spaces, UTF-8 as is); AAD binds it to the request.
response_json = (
    '{"firstName":"Zoë","lastName":"Ångström","age":34,"mobile":"+1 555 0142",'
    '"email":"zoe@example.org","gender":"female","location":{"name":"Home","street":"Rua de São Miguel 12",'
    '"region":"Lisboa","district":"Alfama","city":"Lisbon","country":"Portugal"},'
    '"image_upload":["https://images.example.org/p/🦊.jpg"]}'
)
aad = f"response-data|{REQUEST_ID}".encode()
print("aesgcm1." + base64.b64encode(IV + AESGCM(response_key).encrypt(IV, response_json.encode(), aad)).decode())

print("== key backup (docs/key-backup.md): key A's private PEM under a passphrase, fixed salt and IV")
# The passphrase is typed in full-width letters: NFKC turns it into "Parley backup 2026!".
passphrase = "Ｐａｒｌｅｙ backup 2026!"
backup_salt = bytes(range(16))
backup_iv = bytes(range(16, 28))
backup_key = hashlib.scrypt(
    unicodedata.normalize("NFKC", passphrase).encode(), salt=backup_salt, n=1024, r=8, p=1, dklen=32
)
a_public, a_private = pems(key_a)
backup_aad = f"parley-key-backup|v1|{key_id(key_a)}".encode()
print("scrypt key", backup_key.hex())
print("ciphertext", base64.b64encode(AESGCM(backup_key).encrypt(backup_iv, a_private.encode(), backup_aad)).decode())
