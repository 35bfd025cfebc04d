/// The coding key of array elements and super-encoders in `PlistValueEncoder` and
/// `PlistValueDecoder`.
struct PlistCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
