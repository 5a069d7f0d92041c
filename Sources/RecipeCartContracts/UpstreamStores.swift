/// What the recipe APIs' side keeps through storage: the recipes it fetched, its calls a day and the pictures it
/// shares with the other instances. `Stores` is one; the upstream target sees only this, not the database drivers.
package protocol UpstreamStores: Sendable {
    var upstream: any UpstreamStore { get }
    var callQuota: any CallQuotaStore { get }
    var pictures: any SharedPictures { get }
}
