import Foundation
import Shop
import State

// shop FILE: writes a catalog to FILE (in the format its extension names), reads it back and
// prints what it read — through the generated models only.
let url = URL(fileURLWithPath: CommandLine.arguments[1])
let format: PlistFormat = url.pathExtension == "json" ? .json : url.pathExtension == "bplist" ? .binary : .xml
let catalog = ShopCatalog(title: "Spring", products: [ShopProduct(sku: "A-1", price: 9.5), ShopProduct(sku: "B-2", price: 0.25)])
try catalog.write(to: url, format: format)
let again = try ShopCatalog(contentsOf: url)
print("\(again.title): \(again.products.map(\.sku).joined(separator: ", ")) = \(again.total)")
