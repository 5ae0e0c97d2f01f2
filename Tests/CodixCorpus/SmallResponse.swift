import Foundation

// A small API response (about 1.2 KiB: an order with its customer, address,
// items and tags, the shape of a typical REST reply) and a 100-byte document,
// with synthesized Codable: the fixed cost of a decode, measured by decoding
// them many times.

package struct OrderResponse: Codable, Equatable {
  package var id: Int
  package var status: String
  package var createdAt: String
  package var currency: String
  package var total: Double
  package var paid: Bool
  package var note: String?
  package var customer: Customer
  package var items: [Item]
  package var tags: [String]
  package var scores: [Double]

  package struct Customer: Codable, Equatable {
    package var id: Int
    package var name: String
    package var email: String
    package var verified: Bool
    package var address: Address
  }

  package struct Address: Codable, Equatable {
    package var street: String
    package var city: String
    package var postalCode: String
    package var country: String
    package var latitude: Double
    package var longitude: Double
  }

  package struct Item: Codable, Equatable {
    package var sku: String
    package var title: String
    package var quantity: Int
    package var unitPrice: Double
    package var discount: Double?
  }

  /// The response's JSON text, 1.2 KiB.
  package static let json = Data(
    """
    {"id":48213977,"status":"shipped","createdAt":"2026-11-27T09:41:12Z","currency":"EUR",\
    "total":187.45,"paid":true,"note":null,\
    "customer":{"id":90211,"name":"Ana Sofía Ortega","email":"ana.ortega@example.com",\
    "verified":true,"address":{"street":"Calle de Alcalá 42, 3º izq.","city":"Madrid",\
    "postalCode":"28014","country":"ES","latitude":40.418889,"longitude":-3.691944}},\
    "items":[{"sku":"BK-1042","title":"The Art of Computer Programming, Vol. 1",\
    "quantity":1,"unitPrice":69.9,"discount":null},\
    {"sku":"BK-2210","title":"Structure and Interpretation of Computer Programs",\
    "quantity":1,"unitPrice":54.5,"discount":5.45},\
    {"sku":"MG-0007","title":"Mug \\"Hello, World\\" (350 ml)","quantity":2,\
    "unitPrice":12.0,"discount":null},\
    {"sku":"ST-0310","title":"Sticker pack: braces, brackets & quotes","quantity":3,\
    "unitPrice":3.5,"discount":0.5},\
    {"sku":"PN-0099","title":"Fountain pen, fine nib","quantity":1,"unitPrice":24.99,\
    "discount":null}],\
    "tags":["books","gift","priority","eu","returning-customer","newsletter"],\
    "scores":[0.91,0.075,1e-3,12.5,-0.25,3.14159,100,0.5]}
    """.utf8)
}

/// A 100-byte document: the smallest response worth decoding, where a
/// decode's fixed cost is nearly all of its time.
package struct TinyResponse: Codable, Equatable {
  package var id: Int
  package var name: String
  package var active: Bool
  package var score: Double
  package var tags: [String]

  /// The document's JSON text, 100 bytes.
  package static let json = Data(
    #"{"id":1042,"name":"Grace Hopper","active":true,"score":98.25,"tags":["navy","cobol","compilers"]}"#
      .utf8)
}
