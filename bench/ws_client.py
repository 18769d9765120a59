"""A WebSocket client for the bench scripts, on python3's standard library alone: one
raw socket, masked text frames out, frames in, pings answered, and a close answered the
way a browser answers it (the server's shutdown waits for that)."""
import base64, json, os, socket, struct, threading


class ws:
    """One client WebSocket: text frames out (masked), frames in; answers pings."""
    def __init__(self, port, timeout, path="/ws", source=None):
        """`source`: the loopback address to connect from (127.0.0.0/8 is all loopback)."""
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                             source_address=(source, 0) if source else None)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk: raise ConnectionError("closed during the handshake")
            head += chunk
        head, self.buf = head.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"): raise ConnectionError(head.split(b"\r\n")[0].decode())
        self.lock = threading.Lock()

    def _frame(self, opcode, payload):
        n = len(payload)
        head = bytes([0x80 | opcode]) + (bytes([0x80 | n]) if n < 126 else
                                         bytes([0xFE]) + struct.pack("!H", n) if n < 65536 else
                                         bytes([0xFF]) + struct.pack("!Q", n))
        mask = os.urandom(4)
        with self.lock:
            self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send(self, message):
        self._frame(0x1, json.dumps(message).encode())

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk: raise ConnectionError("closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next text message as a dict; None when the server closes."""
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126: n = struct.unpack("!H", self._read(2))[0]
            elif n == 127: n = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:  # answer the close and drop the socket when the server has,
                try:               # as a browser does: the server's shutdown waits for both
                    self._frame(0x8, payload[:2])
                    self.sock.settimeout(2)
                    while self.sock.recv(65536): pass
                except OSError: pass
                self.sock.close()
                return None
            if opcode == 0x9: self._frame(0xA, payload); continue
            if opcode == 0xA: continue
            message += payload
            if b0 & 0x80:
                self.last_size = len(message)
                return json.loads(message)
