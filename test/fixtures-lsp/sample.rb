module Billing
  class Invoice
    def total(lines)
      lines.sum do |line|
        line.price * line.quantity
      end
    end
  end
end
