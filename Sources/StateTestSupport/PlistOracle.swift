import Foundation
import OrderedCollections
import State

/// An independent reader: Python's `plistlib` (XML and binary) and `json` (JSON; JSONC after
/// a small tokenizer takes out its comments and trailing commas), whose results are rendered
/// in a canonical line format that `canonical(_:)` reproduces from a `PlistValue`. Comparing
/// the two texts compares every value, type and key order.
package enum PlistOracle {
    /// Canonical lines: one per value, with type, exact payload (strings as UTF-8 hex, reals
    /// as bit patterns, dates as microseconds since 2001) and container sizes.
    static let script = #"""
        import sys, json, plistlib, struct, datetime
        def real(x): return 'real %d' % struct.unpack('>Q', struct.pack('>d', x))[0]
        def walk(v, out):
            if isinstance(v, bool): out.append('bool %d' % v)
            elif isinstance(v, int): out.append('int %d' % v)
            elif isinstance(v, float): out.append(real(v))
            elif isinstance(v, str): out.append('str ' + v.encode('utf-8').hex())
            elif isinstance(v, (bytes, bytearray)): out.append('data ' + bytes(v).hex())
            elif isinstance(v, datetime.datetime):
                d = v - datetime.datetime(2001, 1, 1)
                out.append('date %d' % (d.days * 86400000000 + d.seconds * 1000000 + d.microseconds))
            elif isinstance(v, plistlib.UID): out.append('uid %d' % v.data)
            elif isinstance(v, dict) and list(v.keys()) == ['CF$UID'] and isinstance(v['CF$UID'], int) and not isinstance(v['CF$UID'], bool):
                out.append('uid %d' % v['CF$UID'])  # CoreFoundation's XML spelling of a UID
            elif v is None: out.append('null')
            elif isinstance(v, list):
                out.append('array %d' % len(v))
                for x in v: walk(x, out)
            elif isinstance(v, dict) or isinstance(v, Pairs):
                items = list(v.items()) if isinstance(v, dict) else v.pairs
                out.append('dict %d' % len(items))
                for k, x in items:
                    out.append('key ' + k.encode('utf-8').hex())
                    walk(x, out)
            else: raise TypeError(type(v))
        class Pairs:
            def __init__(self, pairs): self.pairs = pairs
        def jsonc(text):
            # JSONC to JSON: comments out, then trailing commas, both outside strings only.
            def tokens(t):
                i = 0
                while i < len(t):
                    if t[i] == '"':
                        j = i + 1
                        while t[j] != '"': j += 2 if t[j] == '\\' else 1
                        yield 's', t[i:j + 1]; i = j + 1
                    elif t.startswith('//', i):
                        while i < len(t) and t[i] not in '\r\n': i += 1
                    elif t.startswith('/*', i): i = t.index('*/', i + 2) + 2
                    else: yield 'c', t[i]; i += 1
            out = list(tokens(text))
            kept = []
            for k, (kind, tok) in enumerate(out):
                if kind == 'c' and tok == ',':
                    rest = [x for x in out[k + 1:] if not (x[0] == 'c' and x[1].isspace())]
                    if rest and rest[0][0] == 'c' and rest[0][1] in '}]': continue
                kept.append(tok)
            return ''.join(kept)
        data = open(sys.argv[1], 'rb').read()
        if data.lstrip().startswith((b'{', b'[', b'"', b'/')) or data.lstrip()[:1].isdigit() or data.lstrip()[:1] in (b'-', b't', b'f', b'n'):
            value = json.loads(jsonc(data.decode('utf-8')), object_pairs_hook=Pairs)
        else:
            value = plistlib.loads(data)
        out = []
        walk(value, out)
        sys.stdout.write('\n'.join(out) + '\n')
        """#

    /// What Python reads from the file at `url`, in canonical lines.
    package static func read(_ url: URL) throws -> String {
        let result = try ProcessRunner.python(script, [url.path])
        guard result.status == 0 else {
            throw PlistError("python could not read \(url.lastPathComponent): \(result.stderr)")
        }
        return result.stdoutText
    }

    /// The canonical lines of a value, in the same form as `read(_:)`.
    package static func canonical(_ value: PlistValue) -> String {
        var out: [String] = []
        walk(value, &out)
        return out.joined(separator: "\n") + "\n"
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    private static func walk(_ value: PlistValue, _ out: inout [String]) {
        switch value {
        case .bool(let b): out.append("bool \(b ? 1 : 0)")
        case .integer(let i): out.append("int \(i)")
        case .real(let d): out.append("real \(d.bitPattern)")
        case .string(let s): out.append("str " + hex(s.utf8))
        case .data(let d): out.append("data " + hex(d))
        case .date(let date):
            out.append("date \(Int64((date.timeIntervalSinceReferenceDate * 1_000_000).rounded()))")
        case .uid(let u): out.append("uid \(u)")
        case .null: out.append("null")
        case .array(let items):
            out.append("array \(items.count)")
            for item in items { walk(item, &out) }
        case .dictionary(let dict):
            out.append("dict \(dict.count)")
            for (k, v) in dict {
                out.append("key " + hex(k.utf8))
                walk(v, &out)
            }
        }
    }
}

extension PlistOracle {
    /// A short description of where two canonical texts first differ, or nil when they agree.
    package static func difference(_ ours: String, _ theirs: String) -> String? {
        let a = ours.split(separator: "\n", omittingEmptySubsequences: false)
        let b = theirs.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? String(a[i]) : "<end>"
            let y = i < b.count ? String(b[i]) : "<end>"
            if x != y { return "line \(i + 1): ours \(x.prefix(120)) | python \(y.prefix(120))" }
        }
        return nil
    }
}

extension PlistOracle {
    /// What CoreFoundation reads from the file at `url` (OpenStep included): the toolchain's
    /// `plutil` converts it to XML, which plistlib reads. CoreFoundation's dictionaries have
    /// no order, so keys are sorted — compare with `canonical(_:sortingKeys: true)`.
    package static func readThroughPlutil(_ url: URL) throws -> String {
        let xml = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".plutil.xml")
        let converted = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["plutil", "-convert", "xml1", "-o", xml.path, url.path])
        guard converted.status == 0 else { throw PlistError("plutil could not read \(url.lastPathComponent): \(converted.stdoutText)\(converted.stderr)") }
        defer { try? FileManager.default.removeItem(at: xml) }
        return canonical(try PlistValue(parsing: try FileBytes.read(xml)), sortingKeys: true)
    }

    /// The canonical lines of a value, with every dictionary's keys sorted when asked.
    package static func canonical(_ value: PlistValue, sortingKeys: Bool) -> String {
        guard sortingKeys else { return canonical(value) }
        return canonical(sorted(value))
    }

    private static func sorted(_ value: PlistValue) -> PlistValue {
        switch value {
        case .array(let items): return .array(items.map(sorted))
        case .dictionary(let dict):
            var out = OrderedDictionary<String, PlistValue>()
            for key in dict.keys.sorted() { out[key] = sorted(dict[key]!) }
            return .dictionary(out)
        default: return value
        }
    }
}
