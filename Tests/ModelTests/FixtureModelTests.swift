import Foundation
import State
import StateTestSupport
import Testing

/// The original State framework's `ModelTests`, on its own `Data.plist` and `Data.json`.
@Suite struct FixtureModelTests {
    let plist = try! PlistValue(parsing: FileBytes.read(Fixtures.state("Data.plist")))
    let json = try! PlistValue(parsing: FileBytes.read(Fixtures.state("Data.json")))

    func section(_ value: PlistValue, _ key: String) throws -> Store {
        try Store(value: try #require(value[PlistPath(parsing: key)]))
    }

    @Test func usersFromJSON() throws {
        let user = try User.read(from: section(json, "t"))
        #expect(user == User(id: 10, name: "John Doe", email: "john@unit-testing.com"))
        let noEmail = try User.read(from: section(json, "u"))
        #expect(noEmail == User(id: 10, name: "John Doe", email: nil))
        let users = try UserTypes.read(from: Store(json.dictionaryValue!))
        #expect(users.tArr.count == 3)
        #expect(users.tImp.name == "John Doe")
        #expect(users.tDicOpt?.count == 3)
        #expect(users.tDicOpt?["item1"]?.email == "john@unit-testing.com")
        #expect(users.tArrImp.count == 3)
        #expect(users.t == nil)
        #expect(users.tArrOpt?.count == 3)
    }

    @Test func usersFromPlist() throws {
        let user = try User.read(from: section(plist, "User1"))
        #expect(user == User(id: 10, name: "John Doe", email: "john@unit-testing.com"))
        let noEmail = try User.read(from: section(plist, "User2"))
        #expect(noEmail.email == nil)
        let users = try UserTypes.read(from: section(plist, "Users"))
        #expect(users.tArr.count == 3)
        #expect(users.tImp.name == "John Doe")
        #expect(users.tDicOpt?["item1"]?.email == "john@unit-testing.com")
        #expect(users.tDic.keys.sorted() == ["item1", "item2", "item3"])
    }

    @Test func invalidUserFailsWithTheMissingKey() throws {
        // "x" has "ix" where "id" belongs.
        let error = try #require(throws: ModelError.self) { try User.read(from: section(json, "x")) }
        #expect(error.reason == .missingKey("id"))
        #expect(error.description == "(root): required key \"id\" is missing")
        // Inside a document the path says where.
        let root = try Store(value: json)
        let nested = try #require(throws: ModelError.self) { let _: User = try root.value(forKey: "x") }
        #expect(nested.description == "x: required key \"id\" is missing")
    }

    @Test func bools() throws {
        let bools = try BasicTypes<Bool>.read(from: section(plist, "Bool"))
        #expect(bools.t == true)
        #expect(bools.tOpt == nil)
        #expect(bools.tImp == false)
        #expect(bools.tArr == [false, true, false])
        #expect(bools.tArrOpt == nil)
        #expect(bools.tArrImp[1] == true)
        #expect(bools.tDic == ["key0": false, "key1": true])
        #expect(bools.tDicOpt != nil)
        #expect(bools.tDicImp["key0"] == true)
    }

    @Test func ints() throws {
        let ints = try BasicTypes<Int>.read(from: section(plist, "Int"))
        #expect(ints.t == 10)
        #expect(ints.tOpt == nil)
        #expect(ints.tImp == 40)
        #expect(ints.tArr.count == 3)
        #expect(ints.tArr[1] == 10)
        #expect(ints.tArrImp == [45, 64, 3])
        #expect(ints.tDic == ["key0": 67, "key1": 123])
        #expect(ints.tDicImp["key1"] == 79)
        // Every width reads the same data when it fits.
        #expect(try BasicTypes<Int8>.read(from: section(plist, "Int")).tDic["key1"] == 123)
        #expect(try BasicTypes<UInt16>.read(from: section(plist, "Int")).tImp == 40)
    }

    @Test func doubles() throws {
        let doubles = try BasicTypes<Double>.read(from: section(plist, "Double"))
        #expect(doubles.t == -0.456)
        #expect(doubles.tImp == 0.6565)
        #expect(doubles.tArr[1] == 0.45)
        #expect(doubles.tArrImp[1] == 0)  // <integer>0</integer> in a real array
        #expect(doubles.tDic["key1"] == -1.0005)
        #expect(doubles.tDic["key0"] == 67.6756)
        #expect(doubles.tDicImp["key1"] == -5.78)
    }

    @Test func floats() throws {
        let floats = try BasicTypes<Float>.read(from: section(plist, "Float"))
        #expect(floats.t == -0.345)
        #expect(floats.tImp == 0.78796)
        #expect(floats.tArr[1] == 0.54)
        #expect(floats.tArrImp[1] == -0.45)
        #expect(floats.tArrImp[2] == 0)
        #expect(floats.tDic["key0"] == 65.0909)
        #expect(floats.tDicImp["key1"] == -222.222)
    }

    @Test func strings() throws {
        let strings = try BasicTypes<String>.read(from: section(plist, "String"))
        #expect(strings.t == "Hello")
        #expect(strings.tOpt == nil)
        #expect(strings.tImp == "Unwrapped")
        #expect(strings.tArr == ["Item0", "item1", "item2"])
        #expect(strings.tArrImp[1] == "Ray")
        #expect(strings.tDic["key1"] == "Dic_String_1")
        #expect(strings.tDicImp["key1"] == "")
    }

    @Test func untypedValues() throws {
        let objects = try BasicTypes<PlistValue>.read(from: section(plist, "Object"))
        #expect(objects.t == 400)
        #expect(objects.tImp == true)
        #expect(objects.tArr[1] == 20.6)
        #expect(objects.tArrImp[1] == "Ray")
        #expect(objects.tDic["key1"] == true)
        #expect(objects.tDic["key0"] == 0)
        if case .date = objects.tDicImp["key1"] {} else { Issue.record("t_dic_imp.key1 should be a date") }
    }

    @Test func wrongTypesNameTheirPath() throws {
        // Strings are not numbers, and one bad element fails a strict collection.
        let error = try #require(throws: ModelError.self) { try BasicTypes<Int>.read(from: section(plist, "String")) }
        #expect(error.description == "t: expected an integer (Int), found string \"Hello\"")
        let store = try section(plist, "Object")
        let arrayError = try #require(throws: ModelError.self) { let _: [Double] = try store.value(forKey: "t_arr") }
        #expect(arrayError.description == "t_arr.0: expected a real (Double), found string \"Item0\"")
        // A real with a fraction is not an integer.
        let doubles = try section(plist, "Double")
        let fraction = try #require(throws: ModelError.self) { let _: Int = try doubles.value(forKey: "t") }
        #expect(fraction.reason == .typeMismatch(expected: "an integer (Int)", found: "real -0.456"))
    }

    @Test func lenientCollectionsDropAndReport() throws {
        let store = try section(plist, "Object").reading(.lenient)
        let numbers: [Double] = try store.value(forKey: "t_arr")
        #expect(numbers == [20.6])
        #expect(
            store.context.dropped.map(\.description) == [
                "t_arr.0: expected a real (Double), found string \"Item0\"",
                "t_arr.2: expected a real (Double), found date 2015-04-11T23:14:04Z",
            ])
        let flags: [String: Bool] = try store.value(forKey: "t_dic")
        #expect(flags == ["key1": true])
        #expect(store.context.dropped.last?.description == "t_dic.key0: expected a bool, found integer 0")
    }

    @Test func encodingRoundTripsEverySection() throws {
        func roundTrip<M: Model>(_ type: M.Type, _ key: String) throws -> (M, M) {
            let model = try M.read(from: section(plist, key))
            return (model, try M(plistValue: model.storedValue()))
        }
        let (b0, b1) = try roundTrip(BasicTypes<Bool>.self, "Bool")
        #expect(b0.tArr == b1.tArr && b0.tDic == b1.tDic && b0.t == b1.t && b1.tOpt == nil)
        let (i0, i1) = try roundTrip(BasicTypes<Int>.self, "Int")
        #expect(i0.tArrImp == i1.tArrImp && i0.tDicImp == i1.tDicImp && i1.tArrOpt == nil)
        let (d0, d1) = try roundTrip(BasicTypes<Double>.self, "Double")
        #expect(d0.tArr == d1.tArr && d0.tDicOpt == d1.tDicOpt)
        let (f0, f1) = try roundTrip(BasicTypes<Float>.self, "Float")
        #expect(f0.tArr == f1.tArr && f0.tDicImp == f1.tDicImp && f1.t == -0.345)
        let (s0, s1) = try roundTrip(BasicTypes<String>.self, "String")
        #expect(s0.tDic == s1.tDic && s0.tArrImp == s1.tArrImp)
        let (o0, o1) = try roundTrip(BasicTypes<PlistValue>.self, "Object")
        #expect(o0.tArr == o1.tArr && o0.tDicImp == o1.tDicImp)
        // Optionals that are nil are not written at all.
        #expect(try b0.storedValue()["t_opt"] == nil)
    }

    @Test(.slow, .tags(.python)) func usersThroughFilesInEveryFormat() throws {
        let folder = try Fixtures.temporaryFolder()
        let users = try UserTypes.read(from: section(plist, "Users"))
        for format in PlistFormat.valueFormats {
            let url = folder.appendingPathComponent("users.\(format.rawValue)")
            try users.write(to: url, format: format)
            let back = try UserTypes(contentsOf: url)
            #expect(back.tArr == users.tArr)
            #expect(back.tImp == users.tImp)
            #expect(back.tDicOpt == users.tDicOpt)
            #expect(back.tArrImp.count == 3)
            // Python's readers agree with what was written.
            let oracle = try PlistOracle.read(url)
            #expect(oracle == PlistOracle.canonical(try users.storedValue()))
        }
    }

    @Test func arraysOfModelsAsFilesDataAndStrings() throws {
        let store = try section(plist, "Users")
        let users: [User] = try store.value(forKey: "t_arr")
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("users.json")
        try users.write(to: url, format: .json)
        #expect(try [User](contentsOf: url) == users)
        #expect(try [User](data: users.data(format: .binary)) == users)
        #expect(try [User](string: users.string(format: .xml)) == users)
        let user = users[0]
        #expect(try User(data: user.data(format: .json)) == user)
        #expect(throws: PlistError.self) { try user.string(format: .binary) }
    }
}
