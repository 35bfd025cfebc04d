import State

// The user's own code beside the generated models: the plugin generates `ShopCatalog`,
// `ShopItem` and `ShopProduct` from Shop.xcdatamodeld (its current version, "Shop 2").
extension ShopCatalog {
    public var total: Double { products.reduce(0) { $0 + $1.price } }
}
