import Foundation
import OrderedCollections
import State

// The models of the original State framework's test suite, written by hand against our API.

struct User: Model, Equatable {
    var id: Int
    var name: String
    var email: String?

    init(id: Int, name: String, email: String? = nil) {
        self.id = id
        self.name = name
        self.email = email
    }

    init(from store: Store) throws {
        id = try store.value(forKey: "id")
        name = try store.value(forKey: "name")
        email = try store.value(forKey: "email")
    }

    func write(to store: inout Store) throws {
        try store.set(id, forKey: "id")
        try store.set(name, forKey: "name")
        try store.set(email, forKey: "email")
    }
}

/// Every way of holding users: one, optional, arrays and dictionaries (required and optional).
struct UserTypes: Model {
    var t: User?
    var tImp: User
    var tArr: [User]
    var tArrOpt: [User]?
    var tArrImp: [User]
    var tDic: [String: User]
    var tDicOpt: [String: User]?

    init(from store: Store) throws {
        t = try store.value(forKey: "t_opt")
        tImp = try store.value(forKey: "t_imp")
        tArr = try store.value(forKey: "t_arr")
        tArrOpt = try store.value(forKey: "t_arr_opt")
        tArrImp = try store.value(forKey: "t_arr_imp")
        tDic = try store.value(forKey: "t_dic")
        tDicOpt = try store.value(forKey: "t_dic_opt")
    }

    func write(to store: inout Store) throws {
        try store.set(t, forKey: "t_opt")
        try store.set(tImp, forKey: "t_imp")
        try store.set(tArr, forKey: "t_arr")
        try store.set(tArrOpt, forKey: "t_arr_opt")
        try store.set(tArrImp, forKey: "t_arr_imp")
        try store.set(tDic, forKey: "t_dic")
        try store.set(tDicOpt, forKey: "t_dic_opt")
    }
}

/// One scalar type in every position, as the fixture's `Bool`, `Int`, `Double`, `Float`,
/// `String` and `Object` sections hold it.
struct BasicTypes<T: Storable>: Model {
    var t: T
    var tOpt: T?
    var tImp: T
    var tArr: [T]
    var tArrOpt: [T]?
    var tArrImp: [T]
    var tDic: [String: T]
    var tDicOpt: [String: T]?
    var tDicImp: [String: T]

    init(from store: Store) throws {
        t = try store.value(forKey: "t")
        tOpt = try store.value(forKey: "t_opt")
        tImp = try store.value(forKey: "t_imp")
        tArr = try store.value(forKey: "t_arr")
        tArrOpt = try store.value(forKey: "t_arr_opt")
        tArrImp = try store.value(forKey: "t_arr_imp")
        tDic = try store.value(forKey: "t_dic")
        tDicOpt = try store.value(forKey: "t_dic_opt")
        tDicImp = try store.value(forKey: "t_dic_imp")
    }

    func write(to store: inout Store) throws {
        try store.set(t, forKey: "t")
        try store.set(tOpt, forKey: "t_opt")
        try store.set(tImp, forKey: "t_imp")
        try store.set(tArr, forKey: "t_arr")
        try store.set(tArrOpt, forKey: "t_arr_opt")
        try store.set(tArrImp, forKey: "t_arr_imp")
        try store.set(tDic, forKey: "t_dic")
        try store.set(tDicOpt, forKey: "t_dic_opt")
        try store.set(tDicImp, forKey: "t_dic_imp")
    }
}

struct Employee: Model, Equatable {
    var name: String
    var title: String?

    init(name: String, title: String? = nil) {
        self.name = name
        self.title = title
    }

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
        title = try store.value(forKey: "title")
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(title, forKey: "title")
    }
}

/// `Company` from the fixture model: `employees` is dissolved (absent when empty).
struct Company: Model, Equatable {
    var name: String
    var phoneNumber: String?
    var yearFounded: Double
    var employees: [Employee]

    init(name: String, phoneNumber: String? = nil, yearFounded: Double, employees: [Employee] = []) {
        self.name = name
        self.phoneNumber = phoneNumber
        self.yearFounded = yearFounded
        self.employees = employees
    }

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
        phoneNumber = try store.value(forKey: "phoneNumber")
        yearFounded = try store.value(forKey: "yearFounded")
        employees = try store.value(forKey: "employees", using: Dissolver())
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(phoneNumber, forKey: "phoneNumber")
        try store.set(yearFounded, forKey: "yearFounded")
        try store.set(employees, forKey: "employees", using: Dissolver())
    }
}

/// `Gender` from the fixture model: a raw-value enum (`State.Type` String).
enum Gender: String, RawValueModel, Equatable {
    case female, male
}

/// `TestRegEnum`: plain cases.
enum TestRegEnum: CaseModel, Equatable {
    case cold, hot
}

/// `TestRawEnum`: raw values that differ from the case names.
enum TestRawEnum: String, RawValueModel {
    case aim = "Aim", fire = "Fire", ready = "Ready"
}

/// `TestAssociatedEnum`: a payload of every kind, models and arrays of models included.
enum TestAssociatedEnum: Model, Equatable {
    case binaryType(Data)
    case booleanType(Bool)
    case dateType(Date)
    case decimalType(Decimal)
    case doubleType(Double)
    case floatType(Float)
    case intType(Int)
    case stringType(String)
    case transformableColorType(RGBAColor)
    case decodableToManyType([Employee])
    case decodableToOneType(Employee)
    case none

    init(from store: Store) throws {
        let v = Store.payloadKey
        switch try store.caseName(of: Self.self) {
        case "binaryType": self = .binaryType(try store.value(forKey: v))
        case "booleanType": self = .booleanType(try store.value(forKey: v))
        case "dateType": self = .dateType(try store.value(forKey: v))
        case "decimalType": self = .decimalType(try store.value(forKey: v))
        case "doubleType": self = .doubleType(try store.value(forKey: v))
        case "floatType": self = .floatType(try store.value(forKey: v))
        case "intType": self = .intType(try store.value(forKey: v))
        case "stringType": self = .stringType(try store.value(forKey: v))
        case "transformableColorType": self = .transformableColorType(try store.value(forKey: v, using: ColorTransform()))
        case "decodableToManyType": self = .decodableToManyType(try store.value(forKey: v))
        case "decodableToOneType": self = .decodableToOneType(try store.value(forKey: v))
        case "none": self = .none
        case let other: throw store.unknownCase(other, of: Self.self)
        }
    }

    func write(to store: inout Store) throws {
        switch self {
        case .binaryType(let p): try store.setCase("binaryType", of: Self.self, value: p)
        case .booleanType(let p): try store.setCase("booleanType", of: Self.self, value: p)
        case .dateType(let p): try store.setCase("dateType", of: Self.self, value: p)
        case .decimalType(let p): try store.setCase("decimalType", of: Self.self, value: p)
        case .doubleType(let p): try store.setCase("doubleType", of: Self.self, value: p)
        case .floatType(let p): try store.setCase("floatType", of: Self.self, value: p)
        case .intType(let p): try store.setCase("intType", of: Self.self, value: p)
        case .stringType(let p): try store.setCase("stringType", of: Self.self, value: p)
        case .transformableColorType(let p): try store.setCase("transformableColorType", of: Self.self, value: p)
        case .decodableToManyType(let p): try store.setCase("decodableToManyType", of: Self.self, value: p)
        case .decodableToOneType(let p): try store.setCase("decodableToOneType", of: Self.self, value: p)
        case .none: store.setCase("none", of: Self.self)
        }
    }
}

// MARK: - Protocols (TestParentProtocol ← TestProtocol ← TestProtocolConformer; TestProtocolConformer2)

protocol TestParentProtocol: Model {
    var ss_number: String { get }
}

protocol TestProtocol: TestParentProtocol {
    var age: Int? { get }
    var children: [Employee] { get }
}

struct TestProtocolConformer: TestProtocol, Equatable {
    var age: Int?
    var ss_number: String
    var isReady: Bool?
    var employee: Employee
    var children: [Employee]

    init(age: Int?, ss_number: String, isReady: Bool?, employee: Employee, children: [Employee]) {
        self.age = age
        self.ss_number = ss_number
        self.isReady = isReady
        self.employee = employee
        self.children = children
    }

    init(from store: Store) throws {
        age = try store.value(forKey: "age")
        ss_number = try store.value(forKey: "ss_number")
        isReady = try store.value(forKey: "isReady")
        employee = try store.value(forKey: "employee")
        children = try store.value(forKey: "children")
    }

    func write(to store: inout Store) throws {
        try store.set(age, forKey: "age")
        try store.set(ss_number, forKey: "ss_number")
        try store.set(isReady, forKey: "isReady")
        try store.set(employee, forKey: "employee")
        try store.set(children, forKey: "children")
    }
}

struct TestProtocolConformer2: TestParentProtocol, Equatable {
    var name: String
    var ss_number: String

    init(name: String, ss_number: String) {
        self.name = name
        self.ss_number = ss_number
    }

    init(from store: Store) throws {
        name = try store.value(forKey: "name")
        ss_number = try store.value(forKey: "ss_number")
    }

    func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(ss_number, forKey: "ss_number")
    }
}

extension Conformers where Value == any TestParentProtocol {
    static var parent: Self { Conformers(root: "TestParentProtocol", TestProtocolConformer.self, TestProtocolConformer2.self) }
}

extension Conformers where Value == any TestProtocol {
    /// A registry for the inner protocol: the tag key is still the root's name.
    static var child: Self { Conformers(root: "TestParentProtocol", TestProtocolConformer.self) }
}

struct TestProtocolContainer: Model {
    var testProtocol: any TestProtocol
    var testProtocols: [any TestParentProtocol]
    var testProtocolsDict: OrderedDictionary<String, any TestParentProtocol>

    init(testProtocol: any TestProtocol, testProtocols: [any TestParentProtocol], testProtocolsDict: OrderedDictionary<String, any TestParentProtocol>) {
        self.testProtocol = testProtocol
        self.testProtocols = testProtocols
        self.testProtocolsDict = testProtocolsDict
    }

    init(from store: Store) throws {
        testProtocol = try store.value(forKey: "testProtocol", in: .child)
        testProtocols = try store.value(forKey: "testProtocols", in: .parent)
        testProtocolsDict = try store.value(forKey: "testProtocolsDict", in: .parent)
    }

    func write(to store: inout Store) throws {
        try store.set(testProtocol, forKey: "testProtocol", in: .child)
        try store.set(testProtocols, forKey: "testProtocols", in: .parent)
        try store.set(testProtocolsDict, forKey: "testProtocolsDict", in: .parent)
    }
}
