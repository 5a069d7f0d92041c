/// Thrown by a write's body to roll the whole transaction back with an answer for the shopper (a shelf short of
/// packs): the database did nothing wrong, so it is never taken for a fault of the database.
package protocol WriteRefusal: Error {}
