import HTTPTypes
import NIOCore

/// The first handler of a connection: answers what its `EarlyAnswerSource`s can straight from the bytes read, before
/// NIO's decoder, the conversions to HTTP types and back, the encoder and the handlers between them, which were half
/// the CPU of a page answered on the event loop. Answers leave in the order their requests came:
/// - A plain request (`PlainHTTP1Request`) that only the router answers goes on to the decoder alone, and what is read
///   after it waits until the request guard has seen its answer written; then answering here goes on.
/// - From the first request that is not plain, whose end only the decoder can find, every byte of the connection goes
///   on to the decoder, and `EarlyAnswerRequestHandler` and the router take it from there.
/// - While the connection cannot take more (a client that sends requests and does not read the answers), what was
///   read is held and no more is read until it can.
package final class EarlyAnswerByteHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer
    package typealias OutboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    private enum Mode {
        case answering
        /// A request went on to the decoder; the guard tells when its answer is written.
        case awaitingRouter
        case passingOn
    }

    private var answerer: EarlyAnswerSources
    /// Tells when the router's answers are written, and is told of each answer given here, since its idle timeout
    /// sees only the requests that pass it. Without it, the first request not answered here passes the connection on.
    private let requestGuard: HTTP1RequestGuard?
    private var mode = Mode.answering
    /// Bytes read but not yet answered or passed on.
    private var held: ByteBuffer?
    private var isReadWaiting = false
    private var context: ChannelHandlerContext?

    package init(answers: [any EarlyAnswerSource], requestGuard: HTTP1RequestGuard?) {
        answerer = EarlyAnswerSources(answers: answers)
        self.requestGuard = requestGuard
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        requestGuard?.whenAllAnswered = { [weak self] in self?.routerAnswered() }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        requestGuard?.whenAllAnswered = nil
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard mode != .passingOn else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        if var earlier = held {
            earlier.writeBuffer(&bytes)
            held = earlier
        } else if mode == .answering {
            answer(bytes, context: context)
        } else {
            held = bytes
        }
    }

    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        if mode == .answering, context.channel.isWritable { answerHeld(context: context) }
        context.fireChannelWritabilityChanged()
    }

    package func read(context: ChannelHandlerContext) {
        guard held == nil, mode != .awaitingRouter else {
            isReadWaiting = true
            return
        }
        context.read()
    }

    private func routerAnswered() {
        guard mode == .awaitingRouter, let context else { return }
        mode = .answering
        answerHeld(context: context)
    }

    private func answerHeld(context: ChannelHandlerContext) {
        if let bytes = held {
            held = nil
            // Outside a read, what goes on to the decoder reaches the router's request stream at the read's end.
            if answer(bytes, context: context) { context.fireChannelReadComplete() }
        }
        if held == nil, mode != .awaitingRouter, isReadWaiting {
            isReadWaiting = false
            context.read()
        }
    }

    /// Answers the plain requests at the start of `bytes`, and holds or passes on the rest; true when some of it
    /// went on to the decoder.
    @discardableResult
    private func answer(_ bytes: ByteBuffer, context: ChannelHandlerContext) -> Bool {
        var bytes = bytes
        var hasAnswered = false
        defer {
            if hasAnswered {
                context.flush()
                requestGuard?.noteAnswerGivenBeforeIt()
            }
        }
        while bytes.readableBytes > 0 {
            guard context.channel.isWritable else {
                held = bytes
                return false
            }
            guard case .plain(let request, let length) = PlainHTTP1Request.read(bytes) else { break }
            guard let wire = answerer.wireAnswer(request) else {
                guard requestGuard != nil, let alone = bytes.readSlice(length: length) else { break }
                mode = .awaitingRouter
                held = bytes.readableBytes > 0 ? bytes : nil
                context.fireChannelRead(wrapInboundOut(alone))
                return true
            }
            context.write(wrapOutboundOut(wire.head), promise: nil)
            if let body = wire.body { context.write(wrapOutboundOut(body), promise: nil) }
            bytes.moveReaderIndex(forwardBy: length)
            hasAnswered = true
        }
        guard bytes.readableBytes > 0 else { return false }
        mode = .passingOn
        context.fireChannelRead(wrapInboundOut(bytes))
        return true
    }
}
