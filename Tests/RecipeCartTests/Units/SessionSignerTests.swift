import Crypto
import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct SessionSignerTests {
    let signer = SessionSigner(serverKey: ServerKey(key: SymmetricKey(size: .bits256)))

    @Test func aRememberedCookieNeverLetsAnAlteredOneThrough() throws {
        let session = ShopperSession.fresh()
        let cookie = signer.cookieValue(for: session)
        #expect(signer.session(fromCookie: cookie)?.id == session.id)
        #expect(signer.session(fromCookie: cookie)?.id == session.id)
        var altered = Array(cookie.utf8)
        altered[altered.count - 1] = altered.last == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(signer.session(fromCookie: String(decoding: altered, as: UTF8.self)) == nil)
        let other = SessionSigner(serverKey: ServerKey(key: SymmetricKey(size: .bits256)))
        #expect(other.session(fromCookie: cookie) == nil)
    }

    /// A 32-byte MAC ends in a character with two unused bits: `…A` and `…B` decode alike unless the spelling is checked.
    @Test func onlyTheCanonicalSpellingDecodes() {
        let mac = Data(repeating: 0, count: 32)
        let canonical = Base64URL.encode(mac)
        #expect(canonical.hasSuffix("A"))
        #expect(Base64URL.decode(canonical) == mac)
        #expect(Base64URL.decode(String(canonical.dropLast()) + "B") == nil)
        #expect(Base64URL.decode(String(canonical.dropLast()) + "D") == nil)
        #expect(Base64URL.decode("AB") == nil)
        #expect(Base64URL.decode("AA") == Data([0]))
    }

    /// A message's cookie is kept once made: asked again it is the same, and it still reads back only under its key.
    @Test func aStatusCookieReadsBackAndOnlyUnderItsKey() throws {
        let flash = StatusFlash(serverKey: signer.serverKey)
        let added = StatusMessage("Added Cake · 2 in your cart")
        let removed = StatusMessage("Removed <Cake>", undo: StatusMessage.Undo(action: "/cart/undo", token: "t0k3n"))
        for message in [added, removed, added, removed] {
            let cookie = flash.cookieValue(for: message)
            #expect(flash.message(fromCookie: cookie) == message)
            #expect(
                StatusFlash(serverKey: ServerKey(key: SymmetricKey(size: .bits256))).message(fromCookie: cookie) == nil)
        }
        #expect(flash.cookieValue(for: added) != flash.cookieValue(for: removed))
        #expect(flash.cookieValue(for: added) == StatusFlash(serverKey: signer.serverKey).cookieValue(for: added))
        #expect(flash.message(fromCookie: String(flash.cookieValue(for: added).dropLast())) == nil)
    }

    /// A session as a later request brings it, in its cookie.
    func established() throws -> ShopperSession {
        try #require(signer.session(fromCookie: signer.cookieValue(for: .fresh())))
    }

    @Test func aSessionKeepsItsTokenAndOnlyItsOwn() throws {
        let alice = try established()
        let bob = try established()
        let token = signer.csrfToken(for: alice)
        #expect(signer.csrfToken(for: alice) == token)
        #expect(signer.isValidCSRFToken(token, for: alice))
        #expect(!signer.isValidCSRFToken(token, for: bob))
        #expect(signer.csrfToken(for: bob) != token)
    }

    /// A looker's page carries their own token; a post without a session is taken with the token their cookie holds
    /// and no other, and a session never takes a looker's token.
    @Test func aLookersTokenIsTakenOnlyBesideTheirCookieAndNeverByASession() throws {
        let made = LookerToken.fresh()
        #expect(made.isFresh && made.value.utf8.count == 22)
        #expect(signer.csrfToken(for: .fresh(looker: made)) == made.value)
        let held = try #require(LookerToken(cookie: made.value))
        #expect(!held.isFresh)
        #expect(signer.isValidCSRFToken(made.value, for: .fresh(looker: held)))
        #expect(!signer.isValidCSRFToken(made.value, for: .fresh()))
        #expect(!signer.isValidCSRFToken(LookerToken.fresh().value, for: .fresh(looker: held)))
        #expect(!signer.isValidCSRFToken("", for: .fresh(looker: held)))
        #expect(!signer.isValidCSRFToken(made.value, for: try established()))
        let session = try established()
        #expect(signer.csrfToken(for: session) != made.value)
        for malformed in [
            "", "short", made.value + "A", String(made.value.dropLast()) + "=", "ä" + made.value.dropFirst(),
        ] {
            #expect(LookerToken(cookie: malformed) == nil, "\(malformed)")
        }
    }

    @Test func aTokenNotExactlyTheSessionsOwnIsRefused() throws {
        let alice = try established()
        let token = signer.csrfToken(for: alice)
        let lastChanged = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")
        for forged in [lastChanged, String(token.dropLast()), token + "A", token.uppercased(), " " + token, "", nil] {
            #expect(!signer.isValidCSRFToken(forged, for: alice), "\(forged ?? "nil")")
        }
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]) && !ConstantTime.equal([1, 2], [1, 2, 3]))
    }

    @Test func base64URLTakesOnlyItsOwnAlphabetWithoutPadding() {
        let bytes = Data([0xfb, 0xff, 0xbf, 0x00, 0x10])
        let encoded = Base64URL.encode(bytes)
        #expect(encoded == "-_-_ABA")
        #expect(Base64URL.decode(encoded) == bytes)
        for refused in ["+/+/ABA", "-_-_ABA=", "-_-_ÄBA", "-_-_A BA", "A"] {
            #expect(Base64URL.decode(refused) == nil, "\(refused)")
        }
        #expect(Base64URL.decode("") == Data())
    }
}
