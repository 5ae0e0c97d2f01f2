import CodixWrappers

// Ten separate (non-generic) model types of the same twelve properties, as
// apps declare their models: each one's first decode builds its table.

struct ColdA: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdB: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdC: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdD: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdE: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdF: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdG: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdH: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdI: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

struct ColdJ: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

/// The first decode of each of the ten types.
var coldModelTypes: [any Kodable.Type] {
  [
    ColdA.self, ColdB.self, ColdC.self, ColdD.self, ColdE.self,
    ColdF.self, ColdG.self, ColdH.self, ColdI.self, ColdJ.self,
  ]
}
